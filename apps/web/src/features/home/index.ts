// the feature chunk is itself loaded lazily (router/page-loader.tsx): a second lazy hop here would start the
// page's chunk only after the shell rendered
export { HomePage } from './home-page';
