import { type FormEvent, useState } from 'react';
import { api, type LedgerEntry, type Page, type PlanOffer } from '../api';
import { Badge, Card, Empty, ErrorNote, formatTime, PageHeader, useAction, useLoad } from '../ui';

export function CreditsPage({ offers }: { offers: PlanOffer[] }) {
  const summary = useLoad(() => api<{ balance: number; plan: string }>('GET', '/credits'));
  const ledger = useLoad(() => api<Page<LedgerEntry>>('GET', '/credits/ledger?limit=50'));
  const reload = async () => {
    await Promise.all([summary.reload(), ledger.reload()]);
  };
  return (
    <div className="page">
      <PageHeader title="Credits" />
      <div className="grid-2">
        <Card title="Balance">
          <ErrorNote error={summary.error} />
          {summary.data && (
            <>
              <p className="big-number" data-testid="credit-balance">
                {summary.data.balance}
                <span> credits</span>
              </p>
              <p className="hint">
                Plan: <strong>{summary.data.plan}</strong>. One credit per scene image; narration costs one
                credit per 1,000 characters.
              </p>
            </>
          )}
        </Card>
        <BuyPlan offers={offers} onBought={reload} />
      </div>
      <Card title="Ledger">
        <ErrorNote error={ledger.error} />
        {ledger.data && ledger.data.data.length === 0 && <Empty>No ledger entries yet.</Empty>}
        {ledger.data && ledger.data.data.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Kind</th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col" className="num">
                  Balance after
                </th>
                <th scope="col">For</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.data.map((e) => (
                <tr key={e.id}>
                  <td className="nowrap">{formatTime(e.created_at)}</td>
                  <td>
                    <Badge tone={e.amount < 0 ? 'warn' : 'good'}>{e.kind}</Badge>
                  </td>
                  <td className="num">{e.amount > 0 ? `+${e.amount}` : e.amount}</td>
                  <td className="num">{e.balance_after}</td>
                  <td>{e.reason ?? e.item ?? (e.video_id ? `video ${e.video_id.slice(0, 8)}` : '—')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

function BuyPlan({ offers, onBought }: { offers: PlanOffer[]; onBought: () => Promise<void> }) {
  const [plan, setPlan] = useState(offers[0]?.plan ?? 'starter');
  const [token, setToken] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    void run(async () => {
      const r = await api<{ balance: number }>('POST', '/credits/purchase', { plan, payment_token: token });
      setDone(`Bought the ${plan} plan. New balance: ${r.balance} credits.`);
      setToken('');
      await onBought();
    });
  };
  return (
    <Card title="Buy a plan">
      <form className="form" onSubmit={submit}>
        <fieldset className="plans">
          <legend>Plan</legend>
          {offers.map((o) => (
            <label key={o.plan} className={`plan ${plan === o.plan ? 'plan-chosen' : ''}`}>
              <input
                type="radio"
                name="plan"
                value={o.plan}
                checked={plan === o.plan}
                onChange={() => setPlan(o.plan)}
              />
              <span className="plan-name">{o.plan}</span>
              <span className="plan-detail">
                {o.credits.toLocaleString()} credits · ${(o.price_cents / 100).toFixed(2)}
              </span>
            </label>
          ))}
        </fieldset>
        <label className="field field-wide">
          <span>Payment token</span>
          <input
            type="text"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            required
            placeholder="tok_…"
          />
        </label>
        <ErrorNote error={error} />
        {done && (
          <p className="note note-ok" role="status">
            {done}
          </p>
        )}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Buy plan
          </button>
        </div>
      </form>
    </Card>
  );
}
