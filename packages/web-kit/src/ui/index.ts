export { EmptyState, Page, PageTitle, SectionTitle } from './page';
