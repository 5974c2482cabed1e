export type MessageChannel = 'email' | 'sms' | 'whatsapp';

export interface OutgoingMessage {
  channel: MessageChannel;
  /** An email address, or a phone number in E.164. */
  to: string;
  subject: string;
  body: string;
}

/** Delivers one message or throws; the outbox worker owns retries. */
export interface MessageTransport {
  readonly name: 'dev-outbox' | 'smtp' | 'termii';
  send(message: OutgoingMessage): Promise<void>;
}

export type MessageTransports = Record<MessageChannel, MessageTransport>;
