/** The P2P reference rates staff set: the listed fiats, their rates, and setting one. */
import { type FormEvent, useEffect, useState } from 'react';
import { call, formatAmount, type P2pFiatRate } from '../../../core/index.ts';

/** The fiats and rates (null while they load), the rate form's fields, and `save` to set one. */
export function useFiatRates() {
  const [fiats, setFiats] = useState<string[]>([]);
  const [rates, setRates] = useState<P2pFiatRate[] | null>(null);
  const [fiat, setFiat] = useState('');
  const [perUsdt, setPerUsdt] = useState('');
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    void Promise.all([call('p2p.getCatalogue', {}), call('p2p.getFiatRates', {})]).then(
      ([catalogue, listed]) => {
        if (catalogue.status) {
          setFiats(catalogue.fiats);
          setFiat((now) => now || (catalogue.fiats[0] ?? ''));
        }
        if (listed.status) setRates(listed.rates);
        else setError(listed.error_msg);
      },
    );
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError('');
    setNotice('');
    const reply = await call('p2p.setFiatRate', { fiat, perUsdt: perUsdt.trim() });
    setPending(false);
    if (!reply.status) {
      setError(reply.error_msg);
      return;
    }
    setRates(reply.rates);
    setNotice(`1 USDT is now ${formatAmount(perUsdt.trim())} ${fiat}; its margin offers follow.`);
    setPerUsdt('');
  }

  return { fiats, rates, fiat, setFiat, perUsdt, setPerUsdt, error, notice, pending, save };
}

/** What the reference-rate table and form read and change. */
export type FiatRates = ReturnType<typeof useFiatRates>;
