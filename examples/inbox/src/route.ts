import { useEffect, useState } from 'react';

/**
 * Where the app is, in the URL's hash so a person can bookmark or share it: `#/` the dashboard, `#/inbox` the inbox,
 * `#/channel/<id>` a channel's inbox, `#/channel/<id>/conversation/<contact>` one conversation. A hash needs nothing
 * of the server serving the app (any static host), and back/forward walk through what was opened.
 */
export type Route = { page: 'dashboard' } | { page: 'inbox'; channelId: string | null; contact: string | null };

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').map(decodeURIComponent);
  if (parts[0] === 'inbox') return { page: 'inbox', channelId: null, contact: null };
  if (parts[0] === 'channel' && parts[1]) {
    return { page: 'inbox', channelId: parts[1], contact: parts[2] === 'conversation' && parts[3] ? parts[3] : null };
  }
  return { page: 'dashboard' };
}

export function routeHash(route: Route): string {
  if (route.page === 'dashboard') return '#/';
  if (!route.channelId) return '#/inbox';
  const channel = `#/channel/${encodeURIComponent(route.channelId)}`;
  return route.contact ? `${channel}/conversation/${encodeURIComponent(route.contact)}` : channel;
}

/** Opens a route as a new history entry (back returns to the previous one). */
export function navigate(route: Route): void {
  const hash = routeHash(route);
  if (window.location.hash !== hash) window.location.hash = hash;
}

/** The route of the current URL, following back/forward and links. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const follow = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);
  return route;
}
