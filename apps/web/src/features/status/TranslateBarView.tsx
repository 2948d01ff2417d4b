import './translate-bar.css';
import type { Status } from '@palchat/api';
import { useIntl } from 'react-intl';
import { Msg } from '../../platform/i18n/Msg';
import { toggleTranslation, useTranslationState } from './translation';

function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * "Translate", then "Translated from {language} using {provider}" with "Show original". The `t` shortcut
 * clicks it.
 */
export default function TranslateBarView({ status }: { status: Status }) {
  const intl = useIntl();
  const state = useTranslationState(status);
  const toggle = () => void toggleTranslation(status, intl.locale);
  const button = (label: 'status.translate' | 'status.show_original') => (
    <button
      type="button"
      className="translate-bar__button"
      data-action="translate"
      disabled={state?.phase === 'loading'}
      onClick={toggle}
    >
      <Msg id={label} />
    </button>
  );
  if (state?.phase === 'shown') {
    const { detected_source_language: source, provider } = state.translation;
    return (
      <div className="translate-bar translate-bar--shown">
        <span>
          <Msg
            id="status.translated_from"
            values={{ language: languageName(source || status.language || '', intl.locale), provider }}
          />
        </span>
        {' · '}
        {button('status.show_original')}
      </div>
    );
  }
  return (
    <div className="translate-bar">
      {button('status.translate')}
      {state?.phase === 'loading' && (
        <span className="translate-bar__note" role="status">
          <Msg id="status.translating" />
        </span>
      )}
      {state?.phase === 'failed' && (
        <span className="translate-bar__note translate-bar__note--error" role="alert">
          <Msg id="status.translation_failed" />
        </span>
      )}
    </div>
  );
}
