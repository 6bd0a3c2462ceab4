import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { UPLOAD_MAX_BYTES, UPLOAD_MIME_TYPES } from '../../../contract/rules';
import { uploadImage } from '../../api/attach';
import { ServerRefusal, isExpectedFailure } from '../../../web-kit/lib/failures';
import { useObjectUrl } from '../../ui/image-picker';

/** What the file input offers: the image types the server takes. */
export const IMAGE_ACCEPT = UPLOAD_MIME_TYPES.join(',');

/**
 * One picked image: `check` it the way the server will (type, size), then `upload` it, inside the
 * screen's guard so that an unexpected failure reaches the error boundary. `showError` puts a
 * problem under the picker, or clears it (undefined). `url` is the uploaded image's path once the
 * upload has finished.
 */
export function useImageUpload(showError: (message: string | undefined) => void) {
  const { t } = useLingui();
  const [image, setImage] = useState<{ file: File; url?: string }>();
  const preview = useObjectUrl(image?.file);

  const check = (file: File): boolean => {
    if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) {
      showError(t`Please upload a PNG, JPEG or WebP image`);
      return false;
    }
    if (file.size > UPLOAD_MAX_BYTES) {
      showError(t`The image must be 5 MB or smaller`);
      return false;
    }
    showError(undefined);
    return true;
  };

  const upload = async (file: File): Promise<string | undefined> => {
    setImage({ file });
    try {
      const url = await uploadImage(file);
      setImage({ file, url });
      return url;
    } catch (error) {
      setImage(undefined);
      if (!isExpectedFailure(error)) throw error;
      showError(error instanceof ServerRefusal ? error.message : t`The upload failed. Please try again.`);
      return undefined;
    }
  };

  // A picture without its address yet is one being uploaded.
  const uploading = image !== undefined && image.url === undefined;
  return { url: image?.url, preview, uploading, check, upload, clear: () => setImage(undefined) };
}
