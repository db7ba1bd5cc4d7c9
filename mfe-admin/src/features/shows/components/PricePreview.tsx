import { useId } from 'react';
import styled from 'styled-components';
import { formatMoney, useAsyncData } from '@cine/web-kit';
import { Select } from '@cine/web-kit/ui';
import { ErrorMessage } from '../../../components/FormMessage';
import { CATEGORY_LABELS, fetchPriceCards, fetchSurcharges, fetchTicketTypes, SURCHARGE_CATEGORIES } from '../../../api/pricing';
import { previewPricing, type PricingData, type PricingPreview } from '../showPricing';
import { useCinemaScope } from '../../../hooks/useCinemaScope';

/** Booking's cards, types and surcharges, read once when a show dialog opens. */
export function usePricingData(token: string) {
  // Price cards are the chain's, its admin's (issue 38): a cinema's manager reads none and sells at the automatic card.
  const { scope } = useCinemaScope();
  return useAsyncData<PricingData>(
    async () => {
      const [cards, types, surcharges] = await Promise.all([fetchPriceCards(token), fetchTicketTypes(token), fetchSurcharges(token)]);
      return { cards, types, surcharges };
    },
    scope.all ? `pricing|${token}` : null,
  );
}

interface PriceCardChoiceProps {
  pricing: ReturnType<typeof usePricingData>;
  /** The show as the form has it: 'yyyy-mm-dd', 'HH:MM', its format. */
  show: { date: string; time: string; format: string };
  /** A price typed in the form: the show sells every seat at it ("Precio único"), whatever the card. */
  singlePrice?: number;
  priceCardId: string;
  onChange: (priceCardId: string) => void;
}

/**
 * 'Tarifa': the card the show will get ('Automática' by its day, time and format, or one chosen) and,
 * before saving, the prices it makes per ticket type, with the seat categories' surcharges.
 */
export function PriceCardChoice({ pricing, show, singlePrice, priceCardId, onChange }: PriceCardChoiceProps) {
  const id = useId();
  if (singlePrice !== undefined)
    return (
      <Choice aria-label="Tarifa y precios">
        <p role="status">
          Precio único: todas las entradas a {formatMoney(singlePrice)}, sin tarifa. Deja el precio vacío para vender con la tarifa.
        </p>
      </Choice>
    );
  if (pricing.status === 'idle')
    return (
      <Choice aria-label="Tarifa y precios">
        <p>Se vende con la tarifa de la cadena que corresponda al día, el horario y el tipo (las tarifas las define el administrador).</p>
      </Choice>
    );
  if (pricing.status === 'loading') return <p role="status">Cargando tarifas…</p>;
  if (pricing.status === 'error') return <ErrorMessage>No se pudieron cargar las tarifas. {pricing.message}</ErrorMessage>;
  const data = pricing.data;
  const automatic = previewPricing(data, show);
  const preview = previewPricing(data, show, priceCardId);
  return (
    <Choice aria-label="Tarifa y precios">
      <label htmlFor={`${id}-card`}>Tarifa</label>
      <Select id={`${id}-card`} value={priceCardId} onChange={(event) => onChange(event.target.value)}>
        <option value="">{automatic ? `Automática (${automatic.card.name})` : 'Automática'}</option>
        {data.cards.map((card) => (
          <option key={card.id} value={card.id}>
            {card.name}
          </option>
        ))}
      </Select>
      <PricesOf preview={preview} show={show} data={data} />
      <Hint>
        Sin precio de la entrada, cada tipo cuesta lo que dice la tarifa; con un precio, todas las entradas cuestan eso (precio único).
      </Hint>
    </Choice>
  );
}

function PricesOf({
  preview,
  show,
  data,
}: {
  preview: PricingPreview | undefined;
  show: { date: string; time: string; format: string };
  data: PricingData;
}) {
  if (!show.date || !show.time || !show.format) return <p>Elige la fecha, el horario y el tipo para ver la tarifa que se aplicará.</p>;
  if (!preview) return <ErrorMessage>Ninguna tarifa se aplica a esta función: elige una.</ErrorMessage>;
  const categories = SURCHARGE_CATEGORIES.filter((category) => (data.surcharges.categories[category] ?? 0) > 0);
  return (
    <div role="status">
      <p>
        Se aplicará la tarifa <strong>{preview.card.name}</strong>
        {preview.chosen ? ' (elegida)' : ''}
        {preview.formatSurcharge > 0 ? `, con el recargo de ${formatMoney(preview.formatSurcharge)} por formato ${show.format}` : ''}.
      </p>
      {preview.prices.length === 0 ? (
        <p>Esta tarifa no vende ningún tipo de entrada activo.</p>
      ) : (
        <ul aria-label="Precios de la función">
          {preview.prices.map((price) => (
            <li key={price.type}>
              {price.name}: {formatMoney(price.price)}
            </li>
          ))}
          {categories.map((category) => (
            <li key={category}>
              {CATEGORY_LABELS[category]}: + {formatMoney(data.surcharges.categories[category] ?? 0)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** 'Matiné: General $ 7,00 · Menor $ 5,00', the card and prices of one planned show of a bulk scheduling. */
export function pricesLine(preview: PricingPreview | undefined, singlePrice?: number): string {
  if (singlePrice !== undefined) return `Precio único ${formatMoney(singlePrice)}`;
  if (!preview) return 'sin tarifa';
  return `${preview.card.name}: ${preview.prices.map((price) => `${price.name} ${formatMoney(price.price)}`).join(' · ') || 'sin precios'}`;
}

const Hint = styled.p`
  color: var(--cine-muted, #a6a6bb);
  font-size: 0.9rem;
`;

const Choice = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  padding: 0.6rem 0.75rem;
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 8px;

  label {
    font-weight: 600;
  }

  p,
  ul {
    margin: 0;
  }

  ul {
    padding-left: 1.2rem;
  }
`;
