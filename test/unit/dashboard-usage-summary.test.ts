import { chartMoment, CHART_DAYS, summariseUsage, usageWindow } from '../../control-plane/console/src/pages/dashboard/usage-summary.js';

describe("the dashboard's usage window (UTC days, as the API counts them)", () => {
  test("mid-month: asks from the chart's first day, 29 days before today", () => {
    const w = usageWindow(Date.parse('2026-05-20T23:59:59Z'));
    expect(w).toMatchObject({ today: '2026-05-20', monthStart: '2026-05-01', from: '2026-04-21T00:00:00.000Z' });
    expect(w.chartDays).toHaveLength(CHART_DAYS);
    expect([w.chartDays[0], w.chartDays.at(-1)]).toEqual(['2026-04-21', '2026-05-20']);
  });

  test("on a month's 31st day the month began before the chart: asks from the month's start", () => {
    const w = usageWindow(Date.parse('2026-03-31T00:00:00Z'));
    expect(w).toMatchObject({ today: '2026-03-31', monthStart: '2026-03-01', from: '2026-03-01T00:00:00.000Z' });
    expect(w.chartDays[0]).toBe('2026-03-02');
  });

  test('a moment just after midnight UTC is the new day, whatever the local zone', () => {
    expect(usageWindow(Date.parse('2026-01-01T00:00:00.001Z'))).toMatchObject({ today: '2026-01-01', monthStart: '2026-01-01' });
    expect(usageWindow(Date.parse('2025-12-31T23:59:59.999Z'))).toMatchObject({ today: '2025-12-31', monthStart: '2025-12-01' });
  });
});

test('spend today and this month are summed exactly from micro-RMB; requests per chart day over models', () => {
  const w = usageWindow(Date.parse('2026-05-02T08:00:00Z'));
  const rows = [
    { day: '2026-05-02', requests: 2, chargeMicro: '100000000000000001' },
    { day: '2026-05-02', requests: 1, chargeMicro: '2' },
    { day: '2026-05-01', requests: 4, chargeMicro: '350' },
    { day: '2026-04-30', requests: 5, chargeMicro: '1000000' },
  ];
  const s = summariseUsage(rows, w);
  // Beyond a float's 53 bits: summed as integers, not numbers.
  expect(s.spentToday).toBe('100000000000.000003');
  expect(s.spentThisMonth).toBe('100000000000.000353');
  expect(s.requestsByDay.slice(-3)).toEqual([5, 4, 3]);
  expect(s.requestsByDay.reduce((a, b) => a + b, 0)).toBe(12);
  expect(summariseUsage([], w)).toEqual({ spentToday: '0.000000', spentThisMonth: '0.000000', requestsByDay: Array(CHART_DAYS).fill(0) });
});

test("a chart day's bar sits at noon UTC", () => {
  expect(new Date(chartMoment('2026-05-02')).toISOString()).toBe('2026-05-02T12:00:00.000Z');
});
