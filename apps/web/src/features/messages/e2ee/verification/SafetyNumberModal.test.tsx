import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { SafetyNumberModal, type SafetyNumberModalProps } from './SafetyNumberModal';
import english from '../../../../locales/en.json';

const NUMBER = '123456789012345678901234567890123456789012345678901234567890';

function renderModal(overrides: Partial<SafetyNumberModalProps> = {}) {
  const props: SafetyNumberModalProps = {
    safetyNumber: NUMBER,
    people: [
      {
        key: 'https://a.example/users/ann',
        name: 'Ann Archer',
        devices: [
          { fingerprint: 'aaaa 1111', self: true },
          { fingerprint: 'aaaa 2222', self: false },
        ],
      },
      {
        key: 'https://b.example/users/ben',
        name: 'Ben Baker',
        devices: [{ fingerprint: 'bbbb 3333', self: false }],
      },
    ],
    otherNames: ['Ben Baker', 'Cy Cole'],
    status: 'unverified',
    onMarkVerified: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <SafetyNumberModal {...props} />
    </IntlProvider>,
  );
  return { props, dialog: screen.getByRole('dialog', { name: 'Safety number' }) };
}

describe('SafetyNumberModal', () => {
  it('shows the number in 12 groups of 5 digits, as a labelled QR code, and whom to compare it with', () => {
    const { dialog } = renderModal();
    const groups = within(dialog).getByTestId('safety-number').querySelectorAll('span');
    expect(Array.from(groups, (group) => group.textContent)).toEqual(NUMBER.match(/\d{5}/g));
    const qr = within(dialog).getByRole('img', { name: 'The safety number as a QR code' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
    expect(dialog.textContent).toContain(
      'Compare this number with Ben Baker and Cy Cole in person or over another channel. If it matches on every device, no one is intercepting this chat.',
    );
  });

  it('lists every device’s fingerprint under its owner’s name, this one marked', () => {
    const { dialog } = renderModal();
    const [ann, ben] = within(dialog).getAllByTestId('safety-person');
    expect(ann?.textContent).toBe('Ann Archeraaaa 1111This deviceaaaa 2222');
    expect(ben?.textContent).toBe('Ben Bakerbbbb 3333');
  });

  it('marks the chat verified on request', () => {
    const { props, dialog } = renderModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as verified' }));
    expect(props.onMarkVerified).toHaveBeenCalledTimes(1);
  });

  it('says Verified instead of offering it again', () => {
    const { dialog } = renderModal({ status: 'verified' });
    expect(within(dialog).getByTestId('safety-verified').textContent).toBe('Verified');
    expect(within(dialog).queryByRole('button', { name: 'Mark as verified' })).toBeNull();
  });

  it('asks to verify again after the devices changed', () => {
    const { dialog } = renderModal({ status: 'changed' });
    expect(within(dialog).getByRole('status').textContent).toBe('Safety number changed: verify again');
    expect(within(dialog).getByRole('button', { name: 'Mark as verified' })).toBeTruthy();
  });
});
