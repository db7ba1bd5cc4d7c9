export { Button, fieldStyles, IconButton, NumberInput, Select } from './button';
export { EmptyState, Page, PageTitle, SectionTitle } from './page';
