import { Client, cacheExchange, fetchExchange, mapExchange, subscriptionExchange } from 'urql';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { setConnectivity } from './connectivity';
import { isUnauthenticated } from './errors';

/** Where the API lives: the console is served by the control plane, on the same origin. */
const HTTP_URL = '/graphql';
const wsUrl = () => `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;

let sessionExpired: () => void = () => undefined;

/** Called when an operation answers UNAUTHENTICATED (the session ended): the app sends the user to login. */
export function onSessionExpired(handler: () => void): void {
  sessionExpired = handler;
}

let everConnected = false;

function openLive(): WsClient {
  return createWsClient({
    url: wsUrl(),
    lazy: true,
    // Keep trying: a console left open should come back by itself after a network loss or a restart.
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: async (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(10_000, 500 * 2 ** retries))),
    on: {
      connecting: () => setConnectivity({ live: everConnected ? 'reconnecting' : 'connecting' }),
      connected: () => {
        everConnected = true;
        setConnectivity({ live: 'connected' });
      },
      closed: () => setConnectivity({ live: everConnected ? 'reconnecting' : 'idle' }),
    },
  });
}

let live = openLive();

/**
 * Reopens the live connection, so that subscriptions run as the new viewer after a login or a
 * logout (the browser sends the session cookie when the WebSocket opens, not later).
 */
export function restartLive(): void {
  everConnected = false;
  live.terminate();
  live = openLive();
}

/** The console's one GraphQL client: HTTP for queries and mutations, graphql-ws for subscriptions. */
export const client = new Client({
  url: HTTP_URL,
  fetchOptions: { credentials: 'same-origin' },
  requestPolicy: 'cache-and-network',
  // POST always: Apollo's CSRF prevention refuses simple GET requests, and POST keeps queries out of logs.
  preferGetMethod: false,
  exchanges: [
    mapExchange({
      onResult(result) {
        if (result.error?.networkError && !result.error.response) setConnectivity({ offline: true });
        else if (result.operation.kind !== 'subscription') setConnectivity({ offline: false });
        if (result.error && isUnauthenticated(result.error) && result.operation.context.meta?.source !== 'session') sessionExpired();
        return result;
      },
    }),
    cacheExchange,
    fetchExchange,
    subscriptionExchange({
      forwardSubscription(request) {
        const input = { ...request, query: request.query ?? '' };
        return {
          subscribe(sink) {
            const unsubscribe = live.subscribe(input, sink);
            return { unsubscribe };
          },
        };
      },
    }),
  ],
});
