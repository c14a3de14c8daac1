import { defineMessages } from '../../i18n/i18n';

/** The words of the rate-limit fields (token dialog, account page, group form). */
export const useRateLimitMessages = defineMessages(
  'rateLimits',
  {
    title: 'Rate limits',
    hint: 'Leave a field empty for no limit.',
    rpm: 'Requests per minute',
    tpm: 'Tokens per minute',
    concurrency: 'Concurrent requests',
    wholeNumber: 'A whole number from 1, or empty',
    use: 'This minute: {{requests}} requests, {{tokens}} tokens; {{inFlight}} in flight now',
  },
  {
    title: '速率限制',
    hint: '留空表示不限制。',
    rpm: '每分钟请求数',
    tpm: '每分钟 token 数',
    concurrency: '并发请求数',
    wholeNumber: '请输入不小于 1 的整数，或留空',
    use: '本分钟：{{requests}} 次请求，{{tokens}} 个 token；当前进行中 {{inFlight}} 个',
  },
);
