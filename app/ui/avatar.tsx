import { useState } from 'react';
import { imageUrl } from '../lib/config';

/**
 * A person's picture, served through the image base URL; their initial while there is none or
 * while it cannot load (offline, or a picture that has gone). Decorative: the name is always
 * written beside it.
 */
export function Avatar({ path, name, size = 'large' }: { path: string; name: string; size?: 'large' | 'small' }) {
  const [failedPath, setFailedPath] = useState<string>();
  const className = size === 'small' ? 'avatar avatar-small' : 'avatar';
  if (path && failedPath !== path) {
    return (
      <img className={className} src={imageUrl(path)} alt="" aria-hidden="true" onError={() => setFailedPath(path)} />
    );
  }
  return (
    <span className={className} aria-hidden="true">
      {(Array.from(name)[0] ?? '').toUpperCase()}
    </span>
  );
}
