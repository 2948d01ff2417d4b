import { Suspense } from 'react';
import { lazyWithMessages } from '../../../../platform/lazy-with-messages';
import type { SafetyNumberDialogProps } from './SafetyNumberDialog';

const Dialog = lazyWithMessages<SafetyNumberDialogProps>(() =>
  import('./SafetyNumberDialog').then((module) => ({ default: module.SafetyNumberDialog })),
);

/** The safety number dialog (with the QR encoder) is a chunk of its own, loaded when the reader opens it. */
export function SafetyNumberDialog(props: SafetyNumberDialogProps) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
