import { autoUpdate, flip, offset, shift, size, useFloating } from '@floating-ui/react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { MenuButton } from './MenuButton';
import './dropdown.css';

const CloseMenu = createContext<() => void>(() => undefined);

/** Space kept between the menu and its button, and between the menu and the window's edges. */
const GAP = 4;
const EDGE = 8;

/**
 * A "…" menu: a button and, while open, a list of items rendered on <body> (above the docked message box and
 * out of any clipping column), placed by floating-ui under the button, right edges aligned, or above it when
 * there is no room below, kept inside the window and no taller than the room there is (a phone). Closes on an
 * outside press, Escape (focus back on the button), choosing an item, scrolling or resizing; arrow keys move
 * between items.
 */
export function DropdownMenu({
  label,
  buttonClassName,
  icon,
  defaultOpen = false,
  children,
}: {
  label: string;
  buttonClassName: string;
  icon: ReactNode;
  /** open from the start (the button was pressed before the menu's code had loaded) */
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const { refs, floatingStyles, isPositioned } = useFloating({
    open,
    placement: 'bottom-end',
    strategy: 'fixed',
    middleware: [
      offset(GAP),
      flip({ padding: EDGE }),
      shift({ padding: EDGE }),
      size({
        padding: EDGE,
        apply({ availableHeight, elements }) {
          elements.floating.style.maxHeight = `${Math.max(0, availableHeight)}px`;
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const setButton = useCallback(
    (element: HTMLButtonElement | null) => {
      button.current = element;
      refs.setReference(element);
    },
    [refs],
  );
  const setMenu = useCallback(
    (element: HTMLUListElement | null) => {
      menu.current = element;
      refs.setFloating(element);
    },
    [refs],
  );

  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!button.current?.contains(target) && !menu.current?.contains(target)) close();
    };
    // a scroll inside the menu itself is no reason to close it
    const scrolled = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('mousedown', outside);
    window.addEventListener('scroll', scrolled, true);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('mousedown', outside);
      window.removeEventListener('scroll', scrolled, true);
      window.removeEventListener('resize', close);
    };
  }, [open, close]);

  useEffect(() => {
    if (open && isPositioned)
      menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [open, isPositioned]);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? at + 1 : at - 1;
    items[(next + items.length) % items.length]?.focus();
  };

  return (
    <>
      <MenuButton
        ref={setButton}
        label={label}
        className={buttonClassName}
        icon={icon}
        expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
      />
      {open &&
        createPortal(
          <CloseMenu.Provider value={close}>
            <ul
              ref={setMenu}
              className="dropdown__menu dropdown__menu--floating"
              role="menu"
              aria-label={label}
              // measured hidden first, then placed
              style={isPositioned ? floatingStyles : { ...floatingStyles, visibility: 'hidden' }}
              onKeyDown={onKeyDown}
            >
              {children}
            </ul>
          </CloseMenu.Provider>,
          document.body,
        )}
    </>
  );
}

/** One entry of a DropdownMenu: choosing it closes the menu, then runs `onSelect`. */
export function MenuItem({
  onSelect,
  danger,
  children,
}: {
  onSelect: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  const close = useContext(CloseMenu);
  return (
    <li>
      <button
        type="button"
        role="menuitem"
        className={danger ? 'dropdown__item dropdown__item--danger' : 'dropdown__item'}
        onClick={() => {
          close();
          onSelect();
        }}
      >
        {children}
      </button>
    </li>
  );
}

export interface MenuAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/** The items of a menu built from a list of actions. */
export function MenuActions({ actions }: { actions: readonly MenuAction[] }) {
  return (
    <>
      {actions.map((action) => (
        <MenuItem key={action.label} onSelect={action.onSelect} danger={action.danger}>
          {action.label}
        </MenuItem>
      ))}
    </>
  );
}
