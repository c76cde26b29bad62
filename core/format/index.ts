/**
 * Everything shown as a number, an amount or a time goes through here, so the header, the pages,
 * the widgets and the e-mails print the same value the same way. Money arrives as exact decimal
 * strings and is reshaped as text, never through a float.
 */
export { formatAmount } from './amount.ts';
export { formatCount } from './count.ts';
export { compareDecimals } from './decimalText.ts';
export { formatChange, formatPairAmount, formatPrice, type Trend, trendOf } from './market.ts';
export { NO_VALUE } from './noValue.ts';
export { formatShare } from './share.ts';
export { DEFAULT_SITE_NAME, siteName } from './siteName.ts';
export {
  formatDateTime,
  formatLocalDateTime,
  formatTime,
  RELATIVE_TIME_REFRESH_MS,
  relativeTime,
  relativeTimeSince,
} from './time.ts';
export { formatUsd, formatUsdtValue, formatUsdValue } from './usd.ts';
