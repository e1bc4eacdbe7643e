export { TagsModule } from './tags.module.js';
