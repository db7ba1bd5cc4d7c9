import { screen, within } from '@testing-library/react';
import { installFakeApi } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

test('shows nine team cards with photo, name and both profile links; one has the special mention', async () => {
  installFakeApi();
  await renderApp('/about');
  const cards = within(screen.getByRole('main')).getAllByRole('listitem');
  expect(cards).toHaveLength(9);
  for (const card of cards) {
    const photo = within(card).getByRole('img');
    expect(photo.getAttribute('src')).not.toMatch(/^https?:/);
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent(/\S/);
    expect(within(card).getByRole('link', { name: /GitHub/ })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/github\.com\//));
    expect(within(card).getByRole('link', { name: /LinkedIn/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/www\.linkedin\.com\//),
    );
  }
  expect(screen.getAllByText('Mencion Especial para:')).toHaveLength(1);
});
