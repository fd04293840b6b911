import { type FormEvent, useRef, useState } from 'react';
import { api } from '../api';
import { Card, Empty, ErrorNote, useAction, useLoad } from '../ui';

interface Font {
  id: string;
  family: string;
  scripts: string[];
}

interface Brand {
  id: string;
  name: string;
  logo: { asset_id: string; position: string; size: number; opacity: number } | null;
  font: string | null;
  captions: {
    text_color: string;
    box_color: string;
    box_opacity: number;
    highlight_color: string;
    position: string;
  } | null;
  palette: string[] | null;
  intro: { title: string; seconds: number } | null;
  outro: { text: string; seconds: number } | null;
  default: boolean;
  updated_at: string;
}

const POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
const ASPECTS = ['16:9', '9:16', '1:1'];

interface Draft {
  name: string;
  logoId: string;
  position: string;
  size: number;
  font: string;
  text: string;
  box: string;
  highlight: string;
  captionPosition: string;
  backdrop: string;
  ink: string;
  intro: string;
  introSeconds: number;
  outro: string;
  outroSeconds: number;
  isDefault: boolean;
}

function draftOf(b: Brand | undefined): Draft {
  return {
    name: b?.name ?? '',
    logoId: b?.logo?.asset_id ?? '',
    position: b?.logo?.position ?? 'top-right',
    size: b?.logo?.size ?? 0.12,
    font: b?.font ?? '',
    text: b?.captions?.text_color ?? '#FFFFFF',
    box: b?.captions?.box_color ?? '#000000',
    highlight: b?.captions?.highlight_color ?? '#FFD23F',
    captionPosition: b?.captions?.position ?? 'bottom',
    backdrop: b?.palette?.[0] ?? '#1F2937',
    ink: b?.palette?.[1] ?? '#F9FAFB',
    intro: b?.intro?.title ?? '',
    introSeconds: b?.intro?.seconds ?? 2,
    outro: b?.outro?.text ?? '',
    outroSeconds: b?.outro?.seconds ?? 2,
    isDefault: b?.default ?? false,
  };
}

function bodyOf(d: Draft) {
  return {
    name: d.name,
    logo: d.logoId ? { asset_id: d.logoId, position: d.position, size: d.size } : null,
    font: d.font || null,
    captions: {
      text_color: d.text,
      box_color: d.box,
      highlight_color: d.highlight,
      position: d.captionPosition,
    },
    palette: [d.backdrop, d.ink],
    intro: d.intro ? { title: d.intro, seconds: d.introSeconds } : null,
    outro: d.outro ? { text: d.outro, seconds: d.outroSeconds } : null,
    default: d.isDefault,
  };
}

/** Settings → Brand: the logo, font, colours and cards every video can wear, with a preview the api draws. */
export function BrandCard() {
  const brands = useLoad(() => api<{ data: Brand[] }>('GET', '/brands'));
  const fonts = useLoad(() => api<{ data: Font[] }>('GET', '/fonts'));
  const [selected, setSelected] = useState<string>('');
  const brand = brands.data?.data.find((b) => b.id === selected);
  return (
    <Card title="Brand" id="brand">
      <ErrorNote error={brands.error ?? fonts.error} />
      {brands.data && brands.data.data.length === 0 && (
        <Empty>No brand yet: videos show no logo or cards.</Empty>
      )}
      <div className="row">
        <label className="field">
          <span>Brand</span>
          <select value={selected} onChange={(e) => setSelected(e.target.value)} data-testid="brand-select">
            <option value="">New brand…</option>
            {brands.data?.data.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
                {b.default ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </label>
      </div>
      <BrandForm
        key={brand ? `${brand.id}-${brand.updated_at}` : 'new'}
        brand={brand}
        fonts={fonts.data?.data ?? []}
        onSaved={async (id) => {
          await brands.reload();
          setSelected(id);
        }}
      />
    </Card>
  );
}

function BrandForm({
  brand,
  fonts,
  onSaved,
}: {
  brand: Brand | undefined;
  fonts: Font[];
  onSaved: (id: string) => Promise<void>;
}) {
  const [d, setD] = useState<Draft>(() => draftOf(brand));
  const [aspect, setAspect] = useState('16:9');
  const logo = useRef<HTMLInputElement>(null);
  const { busy, error, run } = useAction();
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((prev) => ({ ...prev, [k]: v }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      let next = d;
      const file = logo.current?.files?.[0];
      if (file) {
        const form = new FormData();
        form.append('file', file);
        form.append('name', `${d.name} logo`);
        const asset = await api<{ id: string }>('POST', '/assets', form);
        next = { ...d, logoId: asset.id };
      }
      const saved = brand
        ? await api<Brand>('PATCH', `/brands/${brand.id}`, bodyOf(next))
        : await api<Brand>('POST', '/brands', bodyOf(next));
      await onSaved(saved.id);
    });
  };
  const remove = () =>
    void run(async () => {
      if (!brand) return;
      await api('DELETE', `/brands/${brand.id}`);
      await onSaved('');
    });
  const colour = (label: string, k: 'text' | 'box' | 'highlight' | 'backdrop' | 'ink') => (
    <label className="field">
      <span>{label}</span>
      <input type="color" value={d[k]} onChange={(e) => set(k, e.target.value.toUpperCase())} />
    </label>
  );
  return (
    <form className="form" onSubmit={submit} data-testid="brand-form">
      <div className="row">
        <label className="field field-grow">
          <span>Name</span>
          <input value={d.name} required maxLength={100} onChange={(e) => set('name', e.target.value)} />
        </label>
        <label className="field">
          <span>Default for new videos</span>
          <input type="checkbox" checked={d.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />
        </label>
      </div>
      <div className="row">
        <label className="field">
          <span>Logo (PNG keeps its transparency){d.logoId ? ' · set' : ''}</span>
          <input type="file" ref={logo} accept="image/png,image/jpeg,image/webp" />
        </label>
        <label className="field">
          <span>Corner</span>
          <select value={d.position} onChange={(e) => set('position', e.target.value)}>
            {POSITIONS.map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Size (share of the short side)</span>
          <input
            type="number"
            min={0.05}
            max={0.3}
            step={0.01}
            value={d.size}
            onChange={(e) => set('size', Number(e.target.value))}
          />
        </label>
      </div>
      <div className="row">
        <label className="field">
          <span>Font</span>
          <select value={d.font} onChange={(e) => set('font', e.target.value)}>
            <option value="">Default (DejaVu Sans)</option>
            {fonts.map((f) => (
              <option key={f.id} value={f.id}>
                {f.family} ({f.scripts.join(', ')})
              </option>
            ))}
          </select>
        </label>
        {colour('Caption text', 'text')}
        {colour('Caption box', 'box')}
        {colour('Spoken word', 'highlight')}
        <label className="field">
          <span>Captions at</span>
          <select value={d.captionPosition} onChange={(e) => set('captionPosition', e.target.value)}>
            {['bottom', 'middle', 'top'].map((p) => (
              <option key={p}>{p}</option>
            ))}
          </select>
        </label>
      </div>
      <div className="row">
        {colour('Card backdrop', 'backdrop')}
        {colour('Card text', 'ink')}
        <label className="field field-grow">
          <span>Intro title (empty: none)</span>
          <input value={d.intro} maxLength={120} onChange={(e) => set('intro', e.target.value)} />
        </label>
        <label className="field">
          <span>Seconds</span>
          <input
            type="number"
            min={1}
            max={5}
            step={0.5}
            value={d.introSeconds}
            onChange={(e) => set('introSeconds', Number(e.target.value))}
          />
        </label>
        <label className="field field-grow">
          <span>Outro text (empty: none)</span>
          <input value={d.outro} maxLength={120} onChange={(e) => set('outro', e.target.value)} />
        </label>
        <label className="field">
          <span>Seconds</span>
          <input
            type="number"
            min={1}
            max={5}
            step={0.5}
            value={d.outroSeconds}
            onChange={(e) => set('outroSeconds', Number(e.target.value))}
          />
        </label>
      </div>
      <ErrorNote error={error} />
      <div className="row">
        <button type="submit" className="btn" disabled={busy}>
          {brand ? 'Save brand' : 'Create brand'}
        </button>
        {brand && (
          <button type="button" className="btn btn-danger" disabled={busy} onClick={remove}>
            Delete
          </button>
        )}
      </div>
      {brand && (
        <div className="brand-preview">
          <label className="field">
            <span>Preview</span>
            <select value={aspect} onChange={(e) => setAspect(e.target.value)}>
              {ASPECTS.map((a) => (
                <option key={a}>{a}</option>
              ))}
            </select>
          </label>
          <img
            data-testid="brand-preview"
            alt={`${brand.name} at ${aspect}`}
            style={{ maxWidth: '100%', maxHeight: 360 }}
            src={`/api/v1/brands/${brand.id}/preview.png?aspect_ratio=${encodeURIComponent(aspect)}`}
          />
        </div>
      )}
    </form>
  );
}
