/** `<live-counter>` from the BUILT bundle (dist/site/widgets.js): what ships is what is tested. */
import { expect } from 'chai';

async function loadBundle() {
  if (customElements.get('live-counter')) return;
  const script = document.createElement('script');
  script.src = '/dist/site/widgets.js';
  document.head.append(script);
  await customElements.whenDefined('live-counter');
}

function mount(html: string): HTMLElement {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder;
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

describe('<live-counter> (built bundle)', () => {
  before(loadBundle);
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('renders the visitors figure in its own shadow root, with stable parts', async () => {
    const holder = mount('<live-counter></live-counter>');
    await frame();
    const root = holder.querySelector('live-counter')?.shadowRoot;
    expect(root, 'an open shadow root').to.exist;
    expect(root?.querySelector('[part="value"]')?.textContent).to.equal('0');
    expect(root?.querySelector('[part="label"]')?.textContent).to.equal('visitors online now');
    expect(getComputedStyle(holder.querySelector('live-counter') as Element).display).to.equal(
      'block',
    );
  });

  it('follows its attributes: figure, label and hidden', async () => {
    const holder = mount('<live-counter figure="views"></live-counter>');
    const element = holder.querySelector('live-counter') as HTMLElement;
    await frame();
    const label = () => element.shadowRoot?.querySelector('[part="label"]')?.textContent;
    expect(label()).to.equal('page views');
    element.setAttribute('label', 'views today');
    await frame();
    expect(label()).to.equal('views today');
    element.setAttribute('hidden', '');
    expect(getComputedStyle(element).display).to.equal('none');
  });

  it('keeps the host page and the element styled independently', async () => {
    const style = document.createElement('style');
    style.textContent =
      '* { font: 30px serif !important; color: rgb(255, 0, 0); } p { display: none; }';
    document.head.append(style);
    try {
      const pageStyles = document.querySelectorAll('style, link[rel="stylesheet"]').length;
      const holder = mount('<p id="host-p">host text</p><live-counter></live-counter>');
      await frame();
      const counter = holder.querySelector('live-counter')?.shadowRoot?.querySelector('.counter');
      expect(getComputedStyle(counter as Element).display, 'page CSS does not reach in').to.equal(
        'inline-flex',
      );
      expect(getComputedStyle(document.getElementById('host-p') as Element).display).to.equal(
        'none',
      );
      expect(
        document.querySelectorAll('style, link[rel="stylesheet"]').length,
        'no styles leak into the page',
      ).to.equal(pageStyles);
    } finally {
      style.remove();
    }
  });

  it('gives two instances their own state', async () => {
    const holder = mount(
      '<live-counter figure="views" label="a"></live-counter><live-counter label="b"></live-counter>',
    );
    await frame();
    const [first, second] = holder.querySelectorAll('live-counter');
    first?.setAttribute('label', 'changed');
    await frame();
    expect(second?.shadowRoot?.querySelector('[part="label"]')?.textContent).to.equal('b');
  });

  it('loads twice without throwing (guarded define)', async () => {
    const script = document.createElement('script');
    script.src = '/dist/site/widgets.js?again';
    const loaded = new Promise((resolve, reject) => {
      script.onload = resolve;
      script.onerror = reject;
    });
    const errors: ErrorEvent[] = [];
    const onError = (event: ErrorEvent) => errors.push(event);
    window.addEventListener('error', onError);
    document.head.append(script);
    await loaded;
    window.removeEventListener('error', onError);
    expect(errors).to.deep.equal([]);
  });
});
