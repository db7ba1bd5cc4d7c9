export { Button, buttonStyles, IconButton } from './button';
export { ChoiceGroup } from './choice-group';
export { Dialog, DialogActions, DialogBody } from './dialog';
export { fieldStyles, NumberInput, Select, TextArea, TextInput } from './fields';
export { AsyncContent, ErrorText, LoadError } from './load-error';
export { EmptyState, Page, PageTitle, SectionTitle } from './page';
export { SeatMap } from './seat-map';
export { CINEMA_PROMPT, CinemaChooser } from './cinema-chooser';
