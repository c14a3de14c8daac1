import { grandTotal, modelTotals } from '../../control-plane/console/src/pages/usage/chart.js';

test("the usage page's totals sum images and seconds of video per model and overall", () => {
  const day = (d: string, model: string, images: number, videoSeconds: number, chargeMicro: string) => ({ day: d, model, requests: 1, promptTokens: '0', outputTokens: '0', images, videoSeconds, chargeMicro });
  const perModel = modelTotals([day('2026-11-01', 'dall-e-3', 2, 0, '576000'), day('2026-11-02', 'dall-e-3', 3, 0, '864000'), day('2026-11-02', 'sora-2', 0, 8, '5760000')]);
  expect(perModel.map((m) => [m.model, m.images, m.videoSeconds, m.chargeMicro])).toEqual([
    ['sora-2', 0, 8, 5_760_000n],
    ['dall-e-3', 5, 0, 1_440_000n],
  ]);
  expect(grandTotal(perModel)).toMatchObject({ images: 5, videoSeconds: 8, chargeMicro: 7_200_000n, requests: 3 });
});
