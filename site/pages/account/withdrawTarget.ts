/** What a withdrawal works with: the chosen network, the wallet's balance and the form's terms. */
import type {
  AddressBook,
  AssetNetworks,
  NetworkInfo,
  Ticker,
  Wallet,
} from '../../../core/index.ts';
import type { WithdrawTerms } from './withdrawForm.ts';

/** The asset, its chosen network (the first when none is chosen), what is available, the terms. */
export interface WithdrawTarget {
  asset: Ticker;
  info: NetworkInfo | undefined;
  available: string;
  terms: WithdrawTerms;
}

/** The target of a withdrawal of `asset` on `network`, from what the page has read. */
export function withdrawTarget(choice: {
  assets: readonly AssetNetworks[];
  asset: Ticker;
  network: string;
  wallets: readonly Wallet[];
  book: AddressBook | null;
  needsCode: boolean;
}): WithdrawTarget {
  const { assets, asset, network, wallets, book, needsCode } = choice;
  const networks = assets.find((a) => a.asset === asset)?.networks ?? [];
  const info = networks.find((n) => n.network === network) ?? networks[0];
  const available = wallets.find((w) => w.ticker === asset)?.available ?? '0';
  const terms = {
    asset,
    networkName: info?.name ?? network,
    available,
    fee: info?.withdrawalFee ?? '0',
    minWithdrawal: info?.minWithdrawal ?? '0',
    tagName: info?.tagName ?? null,
    needsCode,
    onlySaved: book?.onlySaved ?? false,
  };
  return { asset, info, available, terms };
}
