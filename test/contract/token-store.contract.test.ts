import type { TokenRecord } from '../../shared/ports/token-store.js';
import { describeContract, eventually } from './harness.js';

const record: TokenRecord = {
  tokenId: 't1',
  accountId: 'a1',
  name: 'main',
  status: 'active',
  expiresAt: null,
  groups: ['alpha', 'beta'],
  modelAllowList: null,
  spendCapMicro: '5000000',
};

describeContract('TokenStore', (ports) => {
  test('put then get returns an equal, independent copy', async () => {
    await ports().tokens.put('h1', record);
    const got = await ports().tokens.get('h1');
    expect(got).toEqual(record);
    got!.groups.push('x');
    expect((await ports().tokens.get('h1'))?.groups).toEqual(['alpha', 'beta']);
  });

  test('get of an unknown hash is null; remove makes it unknown', async () => {
    expect(await ports().tokens.get('nope')).toBeNull();
    await ports().tokens.put('h2', record);
    await ports().tokens.remove('h2');
    expect(await ports().tokens.get('h2')).toBeNull();
  });

  test('lookup tells a removed token from one the store holds nothing of', async () => {
    expect(await ports().tokens.lookup('never')).toBeNull();
    await ports().tokens.put('h5', record);
    expect(await ports().tokens.lookup('h5')).toEqual(record);
    await ports().tokens.remove('h5');
    expect(await ports().tokens.lookup('h5')).toBe('removed');
    await ports().tokens.put('h5', record);
    expect(await ports().tokens.lookup('h5')).toEqual(record);
  });

  test('every put and remove is announced to subscribers, until they unsubscribe', async () => {
    const seen: string[] = [];
    const unsubscribe = await ports().tokens.onInvalidate((h) => seen.push(h));
    await ports().tokens.put('h3', record);
    await ports().tokens.remove('h3');
    await eventually(() => expect(seen).toEqual(['h3', 'h3']));
    await unsubscribe();
    // A listener that joins now hears the next notices on the same channel, in order: once it has
    // heard the last of them, the first listener would have heard them all, had it still listened.
    const later: string[] = [];
    const unsubscribeLater = await ports().tokens.onInvalidate((h) => later.push(h));
    await ports().tokens.put('h4', record);
    await ports().tokens.put('h3', record);
    await eventually(() => expect(later).toEqual(['h4', 'h3']));
    expect(seen).toEqual(['h3', 'h3']);
    await unsubscribeLater();
  });
});
