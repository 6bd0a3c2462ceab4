import { useState } from 'react';
import { merchantImage } from '../lib/image-address';

/** The merchant's picture when it is a valid address that loads, else their initial. */
export function MerchantAvatar({ name, avatar }: { name: string; avatar: string }) {
  const [failed, setFailed] = useState(false);
  const src = merchantImage(avatar);
  if (src && !failed) {
    return <img className="avatar" src={src} alt="" width="40" height="40" onError={() => setFailed(true)} />;
  }
  return (
    <span className="avatar avatar-initial" aria-hidden="true">
      {[...name.trim()][0]?.toUpperCase() ?? '?'}
    </span>
  );
}
