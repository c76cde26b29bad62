/**
 * What every widget element does, whatever class makes it (widgetElement.ts): string attributes
 * and their reflected properties, presence booleans in the element's state, the JS API, rendering
 * in an open shadow root only while connected. The elements' own behaviour is in the e2e specs.
 */
import { expect } from 'chai';
import { createElement, useEffect } from 'react';
import { defineElement } from './defineElement.ts';
import { hostOf, hostStateOf, useHostState } from './hostState.ts';
import { widgetElement } from './widgetElement.ts';

interface ProbeState {
  lit: boolean;
  wide: boolean;
}

interface ProbeProps {
  heading?: string;
  labelOne?: string;
  container?: unknown;
}

let mounts = 0;

/** Shows its props and state as text, and counts its mounts. */
function Probe({ heading, labelOne, container }: ProbeProps) {
  const state = useHostState(hostStateOf<ProbeState>(container), { lit: false, wide: false });
  useEffect(() => {
    mounts++;
  }, []);
  const text = [heading ?? '-', labelOne ?? '-', state.lit, state.wide, hostOf(container)?.id];
  return createElement('p', null, text.join(' '));
}

class ProbeElement extends widgetElement<ProbeProps, ProbeState>(Probe, {
  props: ['heading', 'labelOne'],
  booleans: { lit: 'lit', 'extra-wide': 'wide' },
  initial: () => ({ lit: false, wide: false }),
}) {
  light(): void {
    this.state.set({ lit: true });
  }
}
defineElement('probe-element', ProbeElement);

type Probed = ProbeElement & { heading?: string; labelOne?: string };

const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
const shown = (element: Element) => element.shadowRoot?.textContent ?? '';

function mount(html: string): Probed {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.firstElementChild as Probed;
}

describe('the widget element class', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('maps string attributes to props, kebab-case to camelCase, in an open shadow root', () => {
    const element = mount('<probe-element id="a" heading="Help" label-one="one"></probe-element>');
    expect(element.shadowRoot, 'an open shadow root').to.exist;
    expect(shown(element)).to.equal('Help one false false a');
    element.setAttribute('label-one', 'uno');
    expect(shown(element)).to.equal('Help uno false false a');
  });

  it('un-sets a prop whose attribute is removed or emptied', () => {
    const element = mount('<probe-element heading="Help" label-one=""></probe-element>');
    expect(shown(element)).to.match(/^Help - /);
    element.removeAttribute('heading');
    expect(shown(element)).to.match(/^- - /);
  });

  it('reflects each string prop as a camelCase property, before and after connecting', () => {
    const element = document.createElement('probe-element') as Probed;
    expect(element.heading, 'unset on a new element').to.equal(undefined);
    element.setAttribute('label-one', 'one');
    expect(element.labelOne, 'read from the attribute while disconnected').to.equal('one');
    element.heading = 'Help';
    expect(element.getAttribute('heading')).to.equal('Help');
    document.body.append(element);
    expect(shown(element)).to.match(/^Help one /);
    element.labelOne = 'uno';
    expect(element.getAttribute('label-one')).to.equal('uno');
    expect(shown(element)).to.match(/^Help uno /);
    for (const empty of [undefined, null, '']) {
      element.heading = 'x';
      element.heading = empty as never;
      expect(element.hasAttribute('heading'), `${empty} removes the attribute`).to.equal(false);
      expect(element.heading).to.equal(undefined);
    }
  });

  it('sets its state from presence booleans at once, a bare attribute being true', async () => {
    const element = mount('<probe-element lit extra-wide=""></probe-element>');
    expect(element.state.get()).to.deep.equal({ lit: true, wide: true });
    element.removeAttribute('extra-wide');
    expect(element.state.get()).to.deep.equal({ lit: true, wide: false });
    await frame();
    expect(shown(element)).to.equal('- - true false ');
  });

  it('has its own JS API on its own state, which its component reads', async () => {
    const [first, second] = [mount('<probe-element>'), mount('<probe-element>')];
    first?.light();
    expect(first?.state.get().lit).to.equal(true);
    expect(second?.state.get().lit, 'two elements never share state').to.equal(false);
    await frame();
    expect(shown(first as Element)).to.match(/ true false/);
  });

  it('renders only while connected, afresh after a move', () => {
    const element = document.createElement('probe-element') as Probed;
    element.heading = 'Help';
    expect(shown(element), 'nothing before connecting').to.equal('');
    document.body.append(element);
    expect(shown(element)).to.match(/^Help /);
    element.remove();
    expect(shown(element), 'nothing once removed').to.equal('');
    const before = mounts;
    document.body.append(element);
    expect(shown(element)).to.match(/^Help /);
    return frame().then(() => expect(mounts, 'mounted again').to.equal(before + 1));
  });
});
