import { isLocale, localeDirection } from '@palchat/api';
import { useIntl } from 'react-intl';

type Side = 'left' | 'right';

/**
 * The physical sides of the line's start and end in the interface language: [left, right], or [right, left] when
 * it is written right to left (the page is mirrored, so what moves towards the start moves rightwards).
 */
export function useStartAndEndSides(): readonly [Side, Side] {
  const { locale } = useIntl();
  return isLocale(locale) && localeDirection(locale) === 'rtl' ? ['right', 'left'] : ['left', 'right'];
}
