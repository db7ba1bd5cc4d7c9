export { Button, buttonStyles, fieldStyles, IconButton, NumberInput, Select, TextArea, TextInput } from './button';
export { Dialog } from './dialog';
export { ErrorText, LoadError } from './load-error';
export { EmptyState, Page, PageTitle, SectionTitle } from './page';
