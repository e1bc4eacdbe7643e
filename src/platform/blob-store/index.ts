export { assertBlobKey, InvalidBlobKeyError, isBlobKey } from './blob-key.js';
export { blobStoreFor } from './blob-store-for.js';
export { BlobStoreModule } from './blob-store.module.js';
export { type BlobMetadata, BlobStore, type StoredBlob } from './blob-store.port.js';
export { LocalDiskBlobStore } from './local-disk-blob-store.js';
