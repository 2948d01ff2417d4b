// Plain vitest expectations are used: no extra matchers are installed.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetStatusViewChoices } from '../features/status/view-state';

afterEach(() => {
  cleanup();
  // a reader's choices outlive the rows by design; tests reuse status ids
  resetStatusViewChoices();
});
