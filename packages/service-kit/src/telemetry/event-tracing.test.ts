import { trace } from '@opentelemetry/api';
import { createEvent } from '../events/event-bus';
import { InProcessEventBus } from '../events/in-process-bus';
import { publishSpan } from './event-tracing';
import { InMemorySpanExporter, startTracing, type Tracing } from './tracing';

describe('trace context carried by events', () => {
  it('is not written when tracing is off', () => {
    expect(createEvent('user.deleted', { userId: 'u1', email: 'a@cine.local' })).not.toHaveProperty('traceContext');
  });

  describe('with tracing on', () => {
    const exporter = new InMemorySpanExporter();
    let tracing: Tracing;

    beforeAll(() => {
      tracing = startTracing({ serviceName: 'test', exporter, exportEachSpan: true });
    });
    afterAll(async () => {
      await tracing.shutdown();
    });

    it('records the request’s context with the event; its publish and consumers continue that trace, whatever context runs the relay', async () => {
      const tracer = trace.getTracer('test');
      const bus = new InProcessEventBus();
      const handledIn: string[] = [];
      await bus.subscribe('sales.orders', ['user.deleted'], async () => {
        handledIn.push(trace.getActiveSpan()?.spanContext().traceId ?? 'none');
      });
      const { event, requestTrace } = tracer.startActiveSpan('request', (span) => {
        span.end();
        return { event: createEvent('user.deleted', { userId: 'u1', email: 'a@cine.local' }), requestTrace: span.spanContext() };
      });
      expect(event.traceContext?.traceparent).toBe(`00-${requestTrace.traceId}-${requestTrace.spanId}-01`);

      // The relay runs in some other request's context: the publish still joins the event's trace.
      await tracer.startActiveSpan('another request', async (other) => {
        await publishSpan(event, () => bus.publish(event));
        other.end();
      });
      const spans = exporter.getFinishedSpans();
      const publish = spans.find((span) => span.name === 'publish user.deleted');
      const consume = spans.find((span) => span.name === 'process user.deleted');
      expect(publish?.spanContext().traceId).toBe(requestTrace.traceId);
      expect(publish?.parentSpanContext?.spanId).toBe(requestTrace.spanId);
      expect(consume?.parentSpanContext?.spanId).toBe(publish?.spanContext().spanId);
      expect(consume?.attributes['messaging.consumer.group.name']).toBe('sales.orders');
      expect(handledIn).toEqual([requestTrace.traceId]);
    });
  });
});
