/** The operator's dispatch feature for the app layer: the board and the withdrawals queue. */
export { DispatchBoardPage } from './components/dispatch-board-page';
export { WithdrawalsQueuePage } from './components/withdrawals-queue-page';
