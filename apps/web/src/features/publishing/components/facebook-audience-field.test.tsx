import { ERROR_CODES } from '@postdeck/contract/error-codes';
import type { DataOf } from '@postdeck/contract/endpoints';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client';
import { Providers } from '../../../app/providers';
import { type MockRequest, calls, envelope, mockFetch } from '../../../test/fetch-mock';
import { EMPTY_VARIANT, type PublishSource, type Variant } from '../target-variant';
import { PlatformOptions } from './platform-options';

type Areas = DataOf<'publishFacebookArea'>['items'];
const SEARCH = '/prod-api/content/publish/queryFacebookArea';
const PLACES: Areas = [
  { key: 'CA', name: 'Canada', type: 'country', countryCode: 'CA', region: null },
  { key: '528', name: 'Ontario', type: 'region', countryCode: 'CA', region: 'Ontario' },
  { key: '296875', name: 'Toronto', type: 'city', countryCode: 'CA', region: 'Ontario' },
  { key: '774983', name: 'Madrid', type: 'city', countryCode: 'ES', region: 'Community of Madrid' },
];
const SOURCE: PublishSource = { id: 7, title: 'Spring launch', text: 'Hello', media: [] };

let answer: (request: MockRequest) => Response;
let spy: ReturnType<typeof mockFetch>;

beforeEach(() => {
  // As the fake Graph search does: a place whose name holds the text typed.
  answer = (request) => {
    const q = (request.url.searchParams.get('q') ?? '').toLowerCase();
    return envelope({ items: PLACES.filter((p) => p.name.toLowerCase().includes(q)) });
  };
  spy = mockFetch((request) =>
    request.url.pathname === SEARCH ? answer(request) : envelope(null, { status: 404, code: 404 }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Facebook's options for account 5, holding the variant as the panel does; the last variant is `held()`. */
function renderOptions(initial: Variant = EMPTY_VARIANT) {
  let latest = initial;
  function Harness() {
    const [variant, setVariant] = useState(initial);
    return (
      <Form layout="vertical" component={false}>
        <PlatformOptions
          platform="facebook"
          accountId={5}
          variant={variant}
          source={SOURCE}
          feedback={() => ({})}
          onChange={(next) => {
            latest = next;
            setVariant(next);
          }}
        />
      </Form>
    );
  }
  render(
    <Providers queryClient={createQueryClient()}>
      <Harness />
    </Providers>,
  );
  return { user: userEvent.setup(), held: () => latest };
}

const field = () => screen.getByRole('combobox', { name: 'Audience (places)' });
const searches = () => calls(spy, SEARCH).map(([input]) => new URL(String(input), 'http://localhost').search);
/** A key as a browser sends it, with its legacy code. */
function press(key: string, keyCode: number) {
  fireEvent.keyDown(field(), { key, code: key, keyCode, which: keyCode });
  fireEvent.keyUp(field(), { key, code: key, keyCode, which: keyCode });
}
const chips = () =>
  [...document.querySelectorAll('.ant-select-selection-item-content')].map((chip) => chip.textContent);

describe('Facebook audience', () => {
  it('searches as the author types (once typing pauses), lists the places found, and holds the one picked', async () => {
    const { user, held } = renderOptions();
    expect(
      screen.getByText('Only people in these places will see the post. Leave it empty for everyone.'),
    ).toBeVisible();
    await user.click(field());
    expect(await screen.findByText('Type the name of a country, region or city')).toBeInTheDocument();
    await user.type(field(), 'tor');
    const toronto = await screen.findByTitle('Toronto · Ontario, Canada (city)');
    // One search for the three letters typed, asked for the account the post goes to.
    expect(searches()).toEqual(['?accountId=5&q=tor']);
    await user.click(toronto);
    expect(held().options).toEqual({
      audience: { countries: [], regions: [], cities: [{ key: '296875', name: 'Toronto' }] },
    });
    expect(chips()).toEqual(['Toronto']);
  });

  it('lists each kind of place with where it is, and groups the picks by kind', async () => {
    const { user, held } = renderOptions();
    await user.type(field(), 'a');
    expect(await screen.findByTitle('Canada (country)')).toBeInTheDocument();
    expect(screen.getByTitle('Ontario · Canada (region)')).toBeInTheDocument();
    expect(screen.getByTitle('Madrid · Community of Madrid, Spain (city)')).toBeInTheDocument();
    await user.click(screen.getByTitle('Canada (country)'));
    await user.type(field(), 'madrid');
    await user.click(await screen.findByTitle('Madrid · Community of Madrid, Spain (city)'));
    expect(held().options['audience']).toEqual({
      countries: ['CA'],
      regions: [],
      cities: [{ key: '774983', name: 'Madrid' }],
    });
    expect(chips()).toEqual(['Canada', 'Madrid']);
  });

  it('works from the keyboard: arrows move through the places, Enter picks, Backspace takes the last chip out', async () => {
    const { user, held } = renderOptions();
    field().focus();
    await user.keyboard('o');
    await screen.findByTitle('Ontario · Canada (region)');
    // The list reads the keys' codes, which user-event leaves out: pressed as a browser sends them.
    press('ArrowDown', 40);
    press('Enter', 13);
    expect(held().options['audience']).toEqual({
      countries: [],
      regions: [],
      cities: [{ key: '296875', name: 'Toronto' }],
    });
    expect(chips()).toEqual(['Toronto']);
    // The select ignores Backspace for a moment after a key pressed while searching (its clear lock).
    await new Promise((resolve) => setTimeout(resolve, 300));
    await user.keyboard('{Backspace}');
    // No place left: everyone sees the post, and no option is sent.
    expect(held().options).toEqual({});
  });

  it('shows the chips of an audience chosen before, by their names', () => {
    renderOptions({
      ...EMPTY_VARIANT,
      options: { audience: { countries: ['JP'], regions: [], cities: [{ key: '296875', name: 'Toronto' }] } },
    });
    expect(chips()).toEqual(['Japan', 'Toronto']);
    expect(searches()).toEqual([]);
  });

  it('says when nothing matches', async () => {
    const { user } = renderOptions();
    await user.type(field(), 'atlantis');
    expect(await screen.findByText('No place matches “atlantis”')).toBeInTheDocument();
  });

  it('says why a search failed, and what to do when the account needs reconnecting', async () => {
    answer = () =>
      envelope(null, {
        status: 400,
        code: ERROR_CODES.platformRefused.code,
        msg: 'Facebook refused: Error validating access token: Session has expired.',
      });
    const { user } = renderOptions();
    await user.type(field(), 'tor');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Places could not be searched. Facebook refused: Error validating access token: Session has expired. If the account’s connection has expired, reconnect it on the channel accounts page.',
    );
    expect(field()).toHaveAccessibleDescription(alert.textContent ?? '');
    await waitFor(() => expect(within(document.body).getByText('The search failed')).toBeInTheDocument());
  });
});
