import { useEffect, useState } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { Icon } from '../../components/Icon';

/** SPEC §9: the copied notice disappears after 2 s. */
export const COPY_NOTICE_MS = 2000;

export function CopyStackButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      copyWithSelection(text);
    }
    setCopied(true);
  }

  return (
    <button type="button" className="button button--secondary copy-stack" onClick={() => void copy()}>
      <Icon name={copied ? 'check' : 'copy'} size={18} />
      {copied ? <Msg id="error.copied" /> : <Msg id="error.copy_stacktrace" />}
    </button>
  );
}

/** Fallback for pages without clipboard permission (e.g. plain http origins). */
function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}
