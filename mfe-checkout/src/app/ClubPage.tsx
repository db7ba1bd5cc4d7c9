import {
  CLUB_ENTRY_NAMES,
  DEFAULT_CLUB_TIERS,
  localDateTime,
  PASS_STATUS_NAMES,
  PASS_USABLE_STATUSES,
  pointsValue,
  type ClubLedgerPage,
  type ClubMe,
  type ClubPassSummary,
  type PassPlanView,
} from '@cine/contracts';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import styled from 'styled-components';
import {
  ApiError,
  cancelPass,
  changePassCard,
  errorMessage,
  fetchClubLedger,
  fetchClubMe,
  fetchPassPlans,
  formatMoney,
  joinClub,
  pointsText,
  shortDate,
  signInUrl,
  subscribePass,
  useAsyncData,
  useDocumentTitle,
  type RemotePageProps,
  type Session,
} from '@cine/web-kit';
import { AsyncContent, Button, Dialog, DialogActions, DialogBody, EmptyState, Page, PageTitle, SectionTitle } from '@cine/web-kit/ui';
import { PaymentForm } from '../features/payment/components/PaymentForm';
import { CARD_REJECTED_TEXT } from '../features/payment/paymentMessages';

/** 'dd/mm/aaaa' of an instant, in the cinema's time zone. */
const dayOf = (instant: string) => shortDate(localDateTime(new Date(instant)).date);

const LEDGER_PAGE_SIZE = 10;

type Notice = { kind: 'success' | 'error'; text: string };

/** A failed card step: a decline (402) says nothing was charged; anything else, its own message. */
const cardFailure = (error: unknown): string =>
  error instanceof ApiError && error.status === 402 ? `${CARD_REJECTED_TEXT}. ${error.message} No se cobró nada.` : errorMessage(error);

/**
 * Exposed as 'checkout/ClubPage': /club (issue 41). Before joining, what the club gives and 'Unirme a Cine Club';
 * a member sees their tier and visits, their points (what they pay, a debt, those expiring soon), the ledger
 * page by page, and the Cine Pase: the plans to subscribe to, or theirs with its card and its cancellation.
 */
export default function ClubPage({ session }: RemotePageProps) {
  useDocumentTitle('Cine Club');
  return (
    <Page>
      <PageTitle>Cine Club</PageTitle>
      {session ? <Club session={session} /> : <SignInToJoin />}
    </Page>
  );
}

function SignInToJoin() {
  const { pathname } = useLocation();
  return (
    <EmptyState>
      Inicia sesión para unirte a Cine Club o ver tus puntos. <Link to={signInUrl('login', pathname)}>Iniciar sesión</Link>
    </EmptyState>
  );
}

function Club({ session }: { session: Session }) {
  const loaded = useAsyncData(() => fetchClubMe(session.token), session.token);
  // What the actions answered since the load (a join, the pass): shown in place of the loaded answer.
  const [changed, setChanged] = useState<ClubMe | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [ledgerVersion, setLedgerVersion] = useState(0);

  const refresh = async (text: string) => {
    try {
      setChanged(await fetchClubMe(session.token));
    } catch {
      loaded.reload();
    }
    setLedgerVersion((n) => n + 1);
    setNotice({ kind: 'success', text });
  };

  return (
    <Stack>
      {notice && (
        <NoticeText role={notice.kind === 'success' ? 'status' : 'alert'} $kind={notice.kind}>
          {notice.text}
        </NoticeText>
      )}
      <AsyncContent data={loaded} loading="Cargando tu Cine Club…" failed="No se pudo cargar Cine Club.">
        {(data) => {
          const me = changed ?? data;
          return me.member ? (
            <Member
              me={me}
              session={session}
              ledgerVersion={ledgerVersion}
              onPass={(pass, text) => {
                setChanged({ ...me, pass });
                setNotice({ kind: 'success', text });
              }}
              onNotice={setNotice}
            />
          ) : (
            <Join me={me} session={session} onJoined={() => void refresh('¡Listo! Ya eres socio de Cine Club.')} onNotice={setNotice} />
          );
        }}
      </AsyncContent>
    </Stack>
  );
}

function Join({
  me,
  session,
  onJoined,
  onNotice,
}: {
  me: ClubMe;
  session: Session;
  onJoined: () => void;
  onNotice: (notice: Notice | null) => void;
}) {
  const [joining, setJoining] = useState(false);
  const top = [...DEFAULT_CLUB_TIERS].sort((a, b) => b.minVisits - a.minVisits)[0];
  const join = async () => {
    if (joining) return;
    setJoining(true);
    onNotice(null);
    try {
      await joinClub(session.token);
      onJoined();
    } catch (error) {
      onNotice({ kind: 'error', text: errorMessage(error) });
    } finally {
      setJoining(false);
    }
  };
  return (
    <Card aria-labelledby="club-join-title">
      <SectionTitle id="club-join-title">Únete gratis</SectionTitle>
      <Benefits>
        <li>
          Ganas {pointsText(me.pointsPerDollar)} por cada {formatMoney(100)} que pagas en entradas y dulcería.
        </li>
        <li>Cada punto vale {formatMoney(me.pointValueCents)} al pagar: úsalos en cualquier parte de una compra.</li>
        {top && top.minVisits > 0 && (
          <li>
            Con {top.minVisits} visitas en 12 meses llegas a {top.name}
            {top.candyDiscountPercent > 0 && `: ${top.candyDiscountPercent} % de descuento en dulcería`}
            {top.presalePriority && ' y entras antes que nadie a las preventas'}.
          </li>
        )}
        <li>Suscríbete al Cine Pase: entradas incluidas cada mes.</li>
      </Benefits>
      <div>
        <Button type="button" aria-disabled={joining || undefined} onClick={() => void join()}>
          {joining ? 'Uniéndote...' : 'Unirme a Cine Club'}
        </Button>
      </div>
    </Card>
  );
}

interface MemberProps {
  me: ClubMe;
  session: Session;
  ledgerVersion: number;
  onPass: (pass: ClubPassSummary, text: string) => void;
  onNotice: (notice: Notice | null) => void;
}

function Member({ me, session, ledgerVersion, onPass, onNotice }: MemberProps) {
  return (
    <Columns>
      <Card aria-labelledby="club-tier-title">
        <SectionTitle id="club-tier-title">Tu nivel</SectionTitle>
        <Big>{me.tier.name}</Big>
        <p>
          {me.visits} {me.visits === 1 ? 'visita' : 'visitas'} en los últimos 12 meses.
          {me.nextTier &&
            ` Te ${me.nextTier.visitsToGo === 1 ? 'falta 1 visita' : `faltan ${me.nextTier.visitsToGo} visitas`} para ${me.nextTier.name}.`}
        </p>
        {me.tier.candyDiscountPercent > 0 && <p>Tienes {me.tier.candyDiscountPercent} % de descuento en dulcería.</p>}
        {me.tier.presalePriority && <p>Entras antes que nadie a las preventas.</p>}
      </Card>
      <Card aria-labelledby="club-points-title">
        <SectionTitle id="club-points-title">Tus puntos</SectionTitle>
        <Big aria-label="Saldo de puntos">{pointsText(me.points)}</Big>
        <p>Valen {formatMoney(pointsValue(me.points, me.pointValueCents))} al pagar.</p>
        {me.debt > 0 && <p className="warning">Debes {pointsText(me.debt)} por un reembolso: tus próximas compras los pagan primero.</p>}
        {me.pointsExpiringSoon > 0 && me.nextExpiry && (
          <p className="warning">
            {pointsText(me.pointsExpiringSoon)} vencen pronto: el {dayOf(me.nextExpiry)}.
          </p>
        )}
      </Card>
      <PassCard me={me} session={session} onPass={onPass} onNotice={onNotice} />
      <Ledger session={session} version={ledgerVersion} />
    </Columns>
  );
}

function Ledger({ session, version }: { session: Session; version: number }) {
  const [page, setPage] = useState(1);
  const ledger = useAsyncData(() => fetchClubLedger(session.token, page, LEDGER_PAGE_SIZE), `${session.token}|${page}|${version}`);
  return (
    <Card aria-labelledby="club-ledger-title" className="wide">
      <SectionTitle id="club-ledger-title">Movimientos de puntos</SectionTitle>
      <AsyncContent data={ledger} loading="Cargando movimientos…" failed="No se pudieron cargar los movimientos.">
        {(data) => <LedgerList ledger={data} onPage={setPage} />}
      </AsyncContent>
    </Card>
  );
}

function LedgerList({ ledger, onPage }: { ledger: ClubLedgerPage; onPage: (page: number) => void }) {
  if (ledger.items.length === 0) return <EmptyState>Todavía no tienes movimientos de puntos.</EmptyState>;
  const pages = Math.max(1, Math.ceil(ledger.total / ledger.pageSize));
  return (
    <>
      <Entries aria-label="Movimientos">
        {ledger.items.map((entry) => (
          <li key={entry.id}>
            <span>
              <strong>{CLUB_ENTRY_NAMES[entry.kind]}</strong>
              <span className="muted">
                {dayOf(entry.at)}
                {entry.orderCode && ` · Pedido ${entry.orderCode}`}
                {entry.reason && ` · ${entry.reason}`}
                {entry.expiresAt && entry.points > 0 && ` · vencen el ${dayOf(entry.expiresAt)}`}
              </span>
            </span>
            <span className="points">
              <strong className={entry.points < 0 ? 'minus' : 'plus'}>
                {entry.points > 0 ? '+' : ''}
                {entry.points}
              </strong>
              <span className="muted">Saldo {entry.balance}</span>
            </span>
          </li>
        ))}
      </Entries>
      {pages > 1 && (
        <Pager aria-label="Páginas de movimientos">
          <Button type="button" $variant="secondary" disabled={ledger.page <= 1} onClick={() => onPage(ledger.page - 1)}>
            Anteriores
          </Button>
          <span>
            Página {ledger.page} de {pages}
          </span>
          <Button type="button" $variant="secondary" disabled={ledger.page >= pages} onClick={() => onPage(ledger.page + 1)}>
            Siguientes
          </Button>
        </Pager>
      )}
    </>
  );
}

function PassCard({ me, session, onPass, onNotice }: Omit<MemberProps, 'ledgerVersion'>) {
  const pass = me.pass && PASS_USABLE_STATUSES.includes(me.pass.status) ? me.pass : null;
  return (
    <Card aria-labelledby="club-pass-title" className="wide">
      <SectionTitle id="club-pass-title">Cine Pase</SectionTitle>
      {pass ? (
        <MyPass pass={pass} session={session} onPass={onPass} onNotice={onNotice} />
      ) : (
        <Plans session={session} previous={me.pass} onPass={onPass} onNotice={onNotice} />
      )}
    </Card>
  );
}

type PassActionProps = { session: Session; onPass: MemberProps['onPass']; onNotice: MemberProps['onNotice'] };

function MyPass({ pass, session, onPass, onNotice }: PassActionProps & { pass: ClubPassSummary }) {
  const [changingCard, setChangingCard] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const saveCard = async (paymentMethodId: string) => {
    onNotice(null);
    try {
      const answer = await changePassCard(session.token, paymentMethodId);
      setChangingCard(false);
      onPass(answer.pass, answer.message || 'Guardamos tu nueva tarjeta.');
    } catch (error) {
      onNotice({ kind: 'error', text: cardFailure(error) });
    }
  };

  const cancel = async () => {
    if (cancelling) return;
    setCancelling(true);
    onNotice(null);
    try {
      const answer = await cancelPass(session.token);
      setConfirming(false);
      onPass(answer.pass, answer.message || `Cancelaste tu Cine Pase: sigue vigente hasta el ${dayOf(answer.pass.renewsAt)}.`);
    } catch (error) {
      setConfirming(false);
      onNotice({ kind: 'error', text: errorMessage(error) });
    } finally {
      setCancelling(false);
    }
  };

  return (
    <PassFacts>
      <dl aria-label="Tu Cine Pase">
        <div>
          <dt>Plan</dt>
          <dd>
            {pass.plan.name} · {formatMoney(pass.plan.monthlyPrice)} al mes · {pass.plan.formats.join(' y ')}
          </dd>
        </div>
        <div>
          <dt>Estado</dt>
          <dd>{PASS_STATUS_NAMES[pass.status]}</dd>
        </div>
        <div>
          <dt>{pass.status === 'cancelling' ? 'Vigente hasta el' : 'Se renueva el'}</dt>
          <dd>{dayOf(pass.renewsAt)}</dd>
        </div>
        <div>
          <dt>Entradas este mes</dt>
          <dd>
            Te {pass.ticketsLeft === 1 ? 'queda 1' : `quedan ${pass.ticketsLeft}`} de {pass.plan.ticketsPerMonth}
          </dd>
        </div>
        {pass.cardLast4 && (
          <div>
            <dt>Tarjeta</dt>
            <dd>terminada en {pass.cardLast4}</dd>
          </div>
        )}
      </dl>
      {pass.status === 'grace' && (
        <p className="warning" role="alert">
          No pudimos cobrar la renovación.
          {pass.graceUntil && ` Cambia tu tarjeta antes del ${dayOf(pass.graceUntil)} para no perder tu Cine Pase.`}
        </p>
      )}
      {changingCard ? (
        <CardEntry aria-label="Nueva tarjeta del Cine Pase">
          <PaymentForm onPay={saveCard} submitLabel="Guardar tarjeta" />
          <Button type="button" $variant="link" onClick={() => setChangingCard(false)}>
            No cambiar la tarjeta
          </Button>
        </CardEntry>
      ) : (
        pass.status !== 'cancelling' && (
          <Actions>
            <Button type="button" $variant="secondary" onClick={() => setChangingCard(true)}>
              Cambiar tarjeta
            </Button>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(true)}>
              Cancelar Cine Pase
            </Button>
          </Actions>
        )
      )}
      {confirming && (
        <Dialog title="¿Cancelar tu Cine Pase?" onClose={() => setConfirming(false)}>
          <DialogBody>
            <p>
              Tu Cine Pase sigue vigente hasta el {dayOf(pass.renewsAt)}: hasta entonces puedes usar las entradas que te quedan. Después no
              se renueva ni se cobra.
            </p>
          </DialogBody>
          <DialogActions>
            <Button type="button" $variant="secondary" onClick={() => setConfirming(false)}>
              Mantener mi Cine Pase
            </Button>
            <Button type="button" aria-disabled={cancelling || undefined} onClick={() => void cancel()}>
              {cancelling ? 'Cancelando...' : 'Sí, cancelar'}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </PassFacts>
  );
}

function Plans({ session, previous, onPass, onNotice }: PassActionProps & { previous: ClubPassSummary | undefined }) {
  const id = useId();
  const plans = useAsyncData(() => fetchPassPlans(session.token), 'plans');
  const [chosen, setChosen] = useState<string | null>(null);

  const subscribe = async (plan: PassPlanView, paymentMethodId: string) => {
    onNotice(null);
    try {
      const answer = await subscribePass(session.token, plan.id, paymentMethodId);
      onPass(answer.pass, answer.message || `¡Listo! Tu Cine Pase está activo (plan «${plan.name}»).`);
    } catch (error) {
      onNotice({ kind: 'error', text: cardFailure(error) });
    }
  };

  return (
    <PassFacts>
      {previous && (
        <p className="muted">
          Tu Cine Pase {previous.plan.name} está {PASS_STATUS_NAMES[previous.status].toLowerCase()}.
        </p>
      )}
      <p>Una suscripción mensual con entradas incluidas: cubre la tarifa General de cada entrada (los recargos se pagan aparte).</p>
      <AsyncContent data={plans} loading="Cargando planes…" failed="No se pudieron cargar los planes.">
        {(list) => {
          const active = list.filter((plan) => plan.active);
          if (active.length === 0) return <EmptyState>No hay planes de Cine Pase a la venta por ahora.</EmptyState>;
          const plan = active.find((one) => one.id === chosen);
          return (
            <>
              <PlanList role="radiogroup" aria-label="Planes de Cine Pase">
                {active.map((one) => (
                  <label key={one.id} htmlFor={`${id}-${one.id}`}>
                    <input
                      id={`${id}-${one.id}`}
                      type="radio"
                      name={`${id}-plan`}
                      value={one.id}
                      checked={chosen === one.id}
                      onChange={() => setChosen(one.id)}
                    />
                    <span>
                      <strong>{one.name}</strong> · {formatMoney(one.monthlyPrice)} al mes · {one.ticketsPerMonth}{' '}
                      {one.ticketsPerMonth === 1 ? 'entrada' : 'entradas'} por mes · {one.formats.join(' y ')}
                      {one.description && <span className="muted"> {one.description}</span>}
                    </span>
                  </label>
                ))}
              </PlanList>
              {plan ? (
                <CardEntry aria-label="Tarjeta del Cine Pase">
                  <p>Se cobra {formatMoney(plan.monthlyPrice)} ahora y cada mes en esta tarjeta, hasta que lo canceles.</p>
                  <PaymentForm onPay={(paymentMethodId) => subscribe(plan, paymentMethodId)} submitLabel="Suscribirme" />
                </CardEntry>
              ) : (
                <p className="muted">Elige un plan para suscribirte.</p>
              )}
            </>
          );
        }}
      </AsyncContent>
    </PassFacts>
  );
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const NoticeText = styled.p<{ $kind: Notice['kind'] }>`
  margin: 0;
  padding: 0.75rem 1rem;
  border-radius: 10px;
  border: 1px solid ${({ $kind }) => ($kind === 'success' ? 'var(--cine-success, #3ddc84)' : 'var(--cine-error, #ff4d4f)')};
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr));
  gap: 1rem;
  align-items: start;

  .wide {
    grid-column: 1 / -1;
  }
`;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  min-width: 0;
  padding: 1rem;
  background: var(--cine-surface, #161622);
  border: 1px solid var(--cine-border, #2e2e42);
  border-radius: 12px;

  h2 {
    margin: 0;
  }

  p {
    margin: 0;
  }

  .muted {
    color: var(--cine-muted, #a6a6bb);
  }

  .warning {
    color: var(--cine-gold, #f5c518);
    font-weight: 600;
  }
`;

const Big = styled.p`
  font-size: 1.6rem;
  font-weight: 800;
  color: var(--cine-gold, #f5c518);
`;

const Benefits = styled.ul`
  margin: 0;
  padding-left: 1.2rem;
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
`;

const Entries = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;

  li {
    display: flex;
    justify-content: space-between;
    gap: 0.75rem;
    padding: 0.6rem 0;
    border-bottom: 1px solid var(--cine-border, #2e2e42);
  }

  li > span {
    display: flex;
    flex-direction: column;
    min-width: 0;
    overflow-wrap: anywhere;
  }

  .points {
    align-items: flex-end;
    white-space: nowrap;
  }

  .plus {
    color: var(--cine-success, #3ddc84);
  }

  .minus {
    color: var(--cine-error, #ff4d4f);
  }

  .muted {
    font-size: 0.85rem;
  }
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
`;

const PassFacts = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;

  dl {
    margin: 0;
    display: grid;
    gap: 0.4rem;
  }

  dl div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 0 1rem;
  }

  dt {
    color: var(--cine-muted, #a6a6bb);
  }

  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const PlanList = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;

  label {
    display: flex;
    gap: 0.6rem;
    align-items: flex-start;
    padding: 0.6rem;
    border: 1px solid var(--cine-border, #2e2e42);
    border-radius: 10px;
    cursor: pointer;
  }
`;

const CardEntry = styled.section`
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: 0.6rem;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;
