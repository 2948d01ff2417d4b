/** SPEC §9: the hover card shows after 750 ms of pointing and hides 150 ms after the pointer leaves. */
export const HOVER_CARD_SHOW_DELAY_MS = 750;
export const HOVER_CARD_HIDE_DELAY_MS = 150;

export interface HoverTarget<T> {
  key: string;
  value: T;
}

/**
 * The one owner of hover-card timing: every account element and the card itself report enter/leave here,
 * and `onChange` gets the target to show (or null). Moving onto the card keeps it open; moving to another
 * account while a card is open switches after the show delay.
 */
export class HoverCardTiming<T> {
  private showTimer: ReturnType<typeof setTimeout> | null = null;
  private hideTimer: ReturnType<typeof setTimeout> | null = null;
  private current: HoverTarget<T> | null = null;

  constructor(
    private readonly onChange: (target: HoverTarget<T> | null) => void,
    private readonly showDelay = HOVER_CARD_SHOW_DELAY_MS,
    private readonly hideDelay = HOVER_CARD_HIDE_DELAY_MS,
  ) {}

  enterTarget(target: HoverTarget<T>): void {
    this.cancelHide();
    if (this.current?.key === target.key) return;
    this.cancelShow();
    this.showTimer = setTimeout(() => {
      this.showTimer = null;
      this.current = target;
      this.onChange(target);
    }, this.showDelay);
  }

  leaveTarget(): void {
    this.cancelShow();
    this.scheduleHide();
  }

  enterCard(): void {
    this.cancelHide();
  }

  leaveCard(): void {
    this.scheduleHide();
  }

  /** Hide at once (Escape, a click, navigation). */
  dismiss(): void {
    this.cancelShow();
    this.cancelHide();
    if (this.current) {
      this.current = null;
      this.onChange(null);
    }
  }

  dispose(): void {
    this.cancelShow();
    this.cancelHide();
  }

  private scheduleHide(): void {
    if (!this.current || this.hideTimer) return;
    this.hideTimer = setTimeout(() => {
      this.hideTimer = null;
      this.current = null;
      this.onChange(null);
    }, this.hideDelay);
  }

  private cancelShow(): void {
    if (this.showTimer) clearTimeout(this.showTimer);
    this.showTimer = null;
  }

  private cancelHide(): void {
    if (this.hideTimer) clearTimeout(this.hideTimer);
    this.hideTimer = null;
  }
}
