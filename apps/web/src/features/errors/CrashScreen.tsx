import { Msg } from '../../platform/i18n/Msg';
import { isBrowserAddonError, stackTraceOf } from '../../platform/rules/route-errors';
import { Logo } from '../../components/Logo';
import { CopyStackButton } from './CopyStackButton';

/**
 * The full-page crash screen (SPEC §2): the page could not be displayed; a NotFoundError blames browser
 * add-ons or automatic translation; the stack trace can be copied. Rendered outside the router's context.
 */
export function CrashScreen({ error }: { error: unknown }) {
  const addon = isBrowserAddonError(error);
  return (
    <div className="crash-screen" role="alert" data-testid="crash-screen">
      <div className="crash-screen__box">
        <Logo size={56} />
        <h1>
          <Msg id="crash.title" />
        </h1>
        <p>{addon ? <Msg id="crash.addon_explanation" /> : <Msg id="crash.explanation" />}</p>
        <p>{addon ? <Msg id="crash.addon_suggestion" /> : <Msg id="crash.suggestion" />}</p>
        <div className="crash-screen__actions">
          <CopyStackButton text={stackTraceOf(error)} />
          <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
            <Msg id="crash.reload" />
          </button>
        </div>
      </div>
    </div>
  );
}
