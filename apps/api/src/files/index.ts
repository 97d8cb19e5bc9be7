/**
 * The file store (infrastructure, not a module): any module stores uploads through saveUpload and links the
 * `files` row; GET files/:file_id serves them to members of the owning workspace (decision 0014).
 */
export { createFileStore, FileMissingError, LocalFileStore, newStorageKey, type FileStore } from './store';
export { S3FileStore, type S3Options } from './s3-store';
export { sniffFileKind } from './sniff';
export { checkUpload, cleanFilename, deleteUpload, FILES_PATH, fileUrl, findReadableFile, saveUpload, type CheckedUpload, type StoredFile, type UploadInput } from './uploads';
export { filesRoutes } from './files.routes';
