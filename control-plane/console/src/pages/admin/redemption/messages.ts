import { defineMessages } from '../../../i18n/i18n';

/** The redemption codes section's words. */
export const useRedemptionMessages = defineMessages(
  'admin-redemption',
  {
    title: 'Redemption codes',
    intro: 'Each code can be redeemed once, for its amount. The codes are shown only once, right after they are made: copy or download them now.',
    count: 'How many',
    amount: 'Amount each (RMB)',
    amountHint: 'e.g. 10 or 2.5',
    name: 'Batch name',
    nameHint: 'Optional; for your records',
    submit: 'Create codes',
    created: 'Codes created: {{count}}, worth {{amount}} each (batch {{batch}})',
    download: 'Download as CSV',
    downloadText: 'Download as text',
    copy: 'Copy all',
    copied: 'Copied',
    codes: 'Codes',
  },
  {
    title: '兑换码',
    intro: '每个兑换码只能兑换一次，金额固定。兑换码只在生成后显示一次：请立即复制或下载。',
    count: '数量',
    amount: '每个金额（元）',
    amountHint: '例如 10 或 2.5',
    name: '批次名称',
    nameHint: '可选；便于记录',
    submit: '生成兑换码',
    created: '{{count}} 个兑换码，每个 {{amount}}（批次 {{batch}}）',
    download: '下载 CSV',
    downloadText: '下载文本',
    copy: '全部复制',
    copied: '已复制',
    codes: '兑换码',
  },
);
