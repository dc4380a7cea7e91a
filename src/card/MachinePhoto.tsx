import { Avatar, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { PHOTO_AVATAR_SIZE_PX } from '../config';
import { useT } from '../i18n/useT';
import placeholder from '../../assets/photos/placeholder.svg';
import classes from './MachineCard.module.css';

/** The spec's photo is round: a radius of half the size (Mantine's 'xl' only rounds the corners). */
const ROUND = '50%';

/** The round photo (88); a neutral placeholder when there is none or it fails to load. */
export function MachinePhoto({ src, name, onOpen }: { src: string | null; name: string; onOpen: () => void }) {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const size = `${PHOTO_AVATAR_SIZE_PX / 16}rem`;
  if (!src || failed) {
    return <Avatar src={placeholder} size={size} radius={ROUND} alt={t('card.noPhoto')} className={classes.photo} />;
  }
  return (
    <UnstyledButton
      className={classes.photoButton}
      aria-label={t('card.openPhoto', { name })}
      onClick={(e) => {
        e.stopPropagation();
        onOpen();
      }}
    >
      <Avatar
        src={src}
        size={size}
        radius={ROUND}
        // The button already says whose photo this is; a second name would be read twice.
        alt=""
        className={classes.photo}
        imageProps={{ onError: () => setFailed(true), loading: 'lazy' }}
      />
    </UnstyledButton>
  );
}
