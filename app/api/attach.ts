import { uploadFile } from './client';

/** Uploads an image (a transfer proof, an avatar); the server says whether it really is one. */
export async function uploadImage(file: File): Promise<string> {
  const { url } = await uploadFile(file, { silent: true });
  return url;
}
