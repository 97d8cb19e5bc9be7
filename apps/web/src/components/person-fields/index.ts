export { PersonFields } from './person-fields';
