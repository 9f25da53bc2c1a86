/// <reference lib="dom" />
import { startDeposit } from './deposit';
import { notifyParent } from './embed';
import type { DepositPageData, PageData, WithdrawPageData } from './types';
import { startWithdraw } from './withdraw';

/** The page script's entry: the server put everything it needs in the #widget-data block. */
const data = JSON.parse(document.getElementById('widget-data')!.textContent!) as PageData;
notifyParent(data, 'loaded', 'OPEN');
if (data.kind === 'deposit') startDeposit(data as DepositPageData);
else startWithdraw(data as WithdrawPageData);
