/**
 * The client runs on `preact/compat` in place of React (issue #17, docs/PERFORMANCE.md): 57 KB gzip less to
 * render /home, with every library it uses unchanged. The build resolves React's entry points to it;
 * PALCHAT_WEB_REACT=1 builds on React itself, to compare. The web unit tests stay on React: Testing Library's
 * React build is CommonJS that requires react-dom itself, which an alias does not reach.
 */
export const preactInPlaceOfReact =
  process.env.PALCHAT_WEB_REACT === '1'
    ? []
    : [
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react\/jsx(-dev)?-runtime$/, replacement: 'preact/compat/jsx-runtime' },
        { find: /^react$/, replacement: 'preact/compat' },
      ];
