export { Button, fieldStyles, IconButton, NumberInput, Select } from './button';
export { Dialog } from './dialog';
export { ErrorText, LoadError } from './load-error';
export { EmptyState, Page, PageTitle, SectionTitle } from './page';
