export { LocationPickers, type LocationValues } from './location-pickers';
