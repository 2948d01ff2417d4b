// Plain vitest expectations are used: no extra matchers are installed.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => cleanup());
