import { useId, useState, type FormEvent } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';

export interface MediaPreview {
  name: string;
  preview: string;
  kind: 'image' | 'video' | 'other';
  description: string;
}

/** Characters as the server counts them (code points: an emoji is one). */
export function descriptionLength(text: string): number {
  return [...text].length;
}

/**
 * Mastodon's alt-text editor: the attachment large enough to describe, and its description (up to the
 * server's limit). Nothing changes until Save.
 */
export function AltTextModal({
  media,
  limit,
  onSave,
  onClose,
}: {
  media: MediaPreview;
  limit: number;
  onSave: (description: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const fieldId = useId();
  const [text, setText] = useState(media.description);
  const left = limit - descriptionLength(text);

  function save(event: FormEvent) {
    event.preventDefault();
    if (left < 0) return;
    onSave(text.trim());
    onClose();
  }

  return (
    <Modal title={t('compose.alt_title')} onClose={onClose} className="alt-text-modal">
      <form className="alt-text" onSubmit={save}>
        <div className="alt-text__preview">
          {media.kind === 'image' ? (
            <img src={media.preview} alt="" />
          ) : media.kind === 'video' ? (
            <video src={media.preview} muted controls />
          ) : (
            <span>{media.name}</span>
          )}
        </div>
        <label htmlFor={fieldId} className="alt-text__label">
          <Msg id="compose.alt_label" />
        </label>
        <textarea
          dir="auto"
          id={fieldId}
          className="field__input alt-text__field"
          rows={4}
          value={text}
          placeholder={t('compose.media_description_placeholder')}
          data-autofocus
          aria-describedby={`${fieldId}-left`}
          aria-invalid={left < 0 || undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="alt-text__footer">
          <span
            id={`${fieldId}-left`}
            className={left < 0 ? 'alt-text__left alt-text__left--over' : 'alt-text__left'}
          >
            <Msg id="compose.characters_left" values={{ count: left }} />
          </span>
          <Button variant="secondary" onClick={onClose}>
            <Msg id="compose.alt_cancel" />
          </Button>
          <Button type="submit" disabled={left < 0}>
            <Msg id="common.save" />
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Asks before posting media that have no description (Mastodon's "missing alt text" modal). */
export function MissingAltTextModal({
  onAdd,
  onPostAnyway,
  onClose,
}: {
  onAdd: () => void;
  onPostAnyway: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Modal
      title={t('compose.missing_alt_title')}
      role="alertdialog"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onPostAnyway}>
            <Msg id="compose.post_anyway" />
          </Button>
          <Button onClick={onAdd} data-autofocus>
            <Msg id="compose.add_description" />
          </Button>
        </>
      }
    >
      <p>
        <Msg id="compose.missing_alt_body" />
      </p>
    </Modal>
  );
}
