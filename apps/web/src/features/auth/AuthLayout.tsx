import './auth.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useInitialState } from '../../platform/initial-state-context';
import { Logo } from '../../components/Logo';

export function AuthLayout({
  title,
  children,
  footer,
}: {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const { server } = useInitialState();
  return (
    <div className="auth-page">
      <main className="auth-card">
        <Link to="/" className="auth-card__brand">
          <Logo size={48} />
          <span>{server.title}</span>
        </Link>
        <h1 className="auth-card__title">{title}</h1>
        {children}
      </main>
      {footer && <div className="auth-page__footer">{footer}</div>}
    </div>
  );
}
