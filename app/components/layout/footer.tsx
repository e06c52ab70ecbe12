/** Placeholder footer: menus, reassurance and disclaimers come with the browsing issue. */
export function Footer() {
  return (
    <footer className="site-footer">
      <p>© 2021 Comptoir — épicerie fine en ligne</p>
    </footer>
  );
}
