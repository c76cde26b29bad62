import { expect } from 'chai';
import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { tickMarkText } from './tickMarkText.ts';

/** What the library's default label is for an English reader (toLocaleString of the UTC fields). */
function libraryDefault(seconds: number, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(seconds * 1000);
  const asLocal = new Date(
    date.getUTCFullYear(),
    date.getUTCMonth(),
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
  return asLocal.toLocaleString('en-US', options);
}

describe('the chart time axis labels', () => {
  const times = [Date.UTC(2026, 10, 23, 9, 3, 7), Date.UTC(2027, 0, 1, 0, 0, 5)].map(
    (ms) => (ms / 1000) as UTCTimestamp,
  );

  it('read as the library default does in English, in UTC', () => {
    for (const time of times) {
      expect(tickMarkText(time, TickMarkType.Year)).to.equal(
        libraryDefault(time, { year: 'numeric' }),
      );
      expect(tickMarkText(time, TickMarkType.Month)).to.equal(
        libraryDefault(time, { month: 'short' }),
      );
      expect(tickMarkText(time, TickMarkType.DayOfMonth)).to.equal(
        libraryDefault(time, { day: 'numeric' }),
      );
      expect(tickMarkText(time, TickMarkType.Time)).to.equal(
        libraryDefault(time, { hour12: false, hour: '2-digit', minute: '2-digit' }),
      );
      expect(tickMarkText(time, TickMarkType.TimeWithSeconds)).to.equal(
        libraryDefault(time, {
          hour12: false,
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
      );
    }
  });

  it('shows midnight as 00:00', () => {
    expect(
      tickMarkText((Date.UTC(2026, 10, 23) / 1000) as UTCTimestamp, TickMarkType.Time),
    ).to.equal('00:00');
  });

  it('leaves times that are no timestamp to the library', () => {
    expect(tickMarkText('2026-11-23', TickMarkType.DayOfMonth)).to.equal(null);
  });
});
