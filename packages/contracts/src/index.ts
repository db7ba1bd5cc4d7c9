export * from './api';
export * from './events';
export * from './views';
export * from './movie-rules';
export * from './sales';
export * from './admin-forms';
export * from './text-rules';
export * from './image-urls';
