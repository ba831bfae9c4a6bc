import { useState } from 'react';
import { Card, Col, Form, Row } from 'react-bootstrap';
import type { SiteSettings } from '@content/settings';
import { hoursLine, parseHoursLine, WEEKDAYS, type Weekday } from '@content/rules/slots';

type Booking = SiteSettings['booking'];
type Privacy = SiteSettings['privacy'];

const DAY_NAMES: Record<Weekday, string> = { mon: 'Monday', tue: 'Tuesday', wed: 'Wednesday', thu: 'Thursday', fri: 'Friday', sat: 'Saturday', sun: 'Sunday' };
const ORDER: Weekday[] = [...WEEKDAYS.slice(1), WEEKDAYS[0]];

function NumberField(props: { id: string; label: string; value: number; min: number; max: number; help?: string; onChange: (n: number) => void }) {
  return (
    <Form.Group className="mb-2" controlId={props.id}>
      <Form.Label>{props.label}</Form.Label>
      <Form.Control type="number" min={props.min} max={props.max} value={String(props.value)} onChange={(e) => props.onChange(Number(e.target.value))} />
      {props.help ? <Form.Text>{props.help}</Form.Text> : null}
    </Form.Group>
  );
}

/**
 * The intake part of the settings (issue 15): booking rules (weekly hours in the firm's time zone, slot
 * length, buffer, notice, horizon, closed dates, capacity) and the data-protection contact and retention.
 */
export function IntakeSettingsCards(props: { booking: Booking; privacy: Privacy; onBooking: (b: Booking) => void; onPrivacy: (p: Privacy) => void }) {
  const { booking, privacy, onBooking, onPrivacy } = props;
  const [hours, setHours] = useState<Record<Weekday, string>>(
    () => Object.fromEntries(WEEKDAYS.map((d) => [d, hoursLine(booking.weeklyHours[d])])) as Record<Weekday, string>,
  );
  const [closed, setClosed] = useState(booking.closedDates.join('\n'));
  return (
    <>
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h5">Booking</h2>
          <p className="text-muted small">
            Visitors book the free slots these rules make, in the firm’s time zone (visitors elsewhere also see their own
            time). Opening hours per day as 03:00-08:00, 18:00-20:00; leave a day empty when closed.
          </p>
          <Row>
            {ORDER.map((d) => {
              const invalid = parseHoursLine(hours[d]) === null;
              return (
                <Col md={6} key={d}>
                  <Form.Group className="mb-2" controlId={`set-hours-${d}`}>
                    <Form.Label>{DAY_NAMES[d]}</Form.Label>
                    <Form.Control
                      value={hours[d]}
                      isInvalid={invalid}
                      placeholder="closed"
                      onChange={(e) => {
                        const v = e.target.value;
                        setHours((h) => ({ ...h, [d]: v }));
                        const parsed = parseHoursLine(v);
                        if (parsed) onBooking({ ...booking, weeklyHours: { ...booking.weeklyHours, [d]: parsed } });
                      }}
                    />
                    <Form.Control.Feedback type="invalid">Use times like 09:00-13:00, 14:00-18:00.</Form.Control.Feedback>
                  </Form.Group>
                </Col>
              );
            })}
          </Row>
          <Row>
            <Col md={4}>
              <Form.Group className="mb-2" controlId="set-timezone">
                <Form.Label>Time zone</Form.Label>
                <Form.Control value={booking.timeZone} onChange={(e) => onBooking({ ...booking, timeZone: e.target.value })} />
                <Form.Text>For example Asia/Kolkata.</Form.Text>
              </Form.Group>
            </Col>
            <Col md={4}>
              <NumberField id="set-slot" label="Slot length (minutes)" value={booking.slotMinutes} min={5} max={480} onChange={(n) => onBooking({ ...booking, slotMinutes: n })} />
            </Col>
            <Col md={4}>
              <NumberField id="set-buffer" label="Buffer between slots (minutes)" value={booking.bufferMinutes} min={0} max={240} onChange={(n) => onBooking({ ...booking, bufferMinutes: n })} />
            </Col>
            <Col md={4}>
              <NumberField id="set-notice" label="Minimum notice (hours)" value={booking.minNoticeHours} min={0} max={720} onChange={(n) => onBooking({ ...booking, minNoticeHours: n })} />
            </Col>
            <Col md={4}>
              <NumberField id="set-horizon" label="Bookable ahead (days)" value={booking.horizonDays} min={1} max={366} onChange={(n) => onBooking({ ...booking, horizonDays: n })} />
            </Col>
            <Col md={4}>
              <NumberField id="set-capacity" label="Bookings per slot" value={booking.capacity} min={1} max={50} onChange={(n) => onBooking({ ...booking, capacity: n })} />
            </Col>
            <Col md={6}>
              <Form.Group className="mb-2" controlId="set-closed">
                <Form.Label>Closed dates</Form.Label>
                <Form.Control
                  as="textarea"
                  rows={3}
                  value={closed}
                  placeholder="2027-01-26"
                  onChange={(e) => {
                    setClosed(e.target.value);
                    onBooking({ ...booking, closedDates: e.target.value.split(/[\s,]+/).filter(Boolean) });
                  }}
                />
                <Form.Text>One date per line, like 2027-01-26.</Form.Text>
              </Form.Group>
            </Col>
            <Col md={6}>
              <NumberField
                id="set-cutoff"
                label="Clients may cancel or move online until (hours before)"
                value={privacy.cancelCutoffHours}
                min={0}
                max={336}
                onChange={(n) => onPrivacy({ ...privacy, cancelCutoffHours: n })}
              />
            </Col>
          </Row>
        </Card.Body>
      </Card>
      <Card className="mb-3">
        <Card.Body>
          <h2 className="h5">Data protection</h2>
          <p className="text-muted small">Shown in the privacy notice of the consultation form and on the privacy policy page.</p>
          <Row>
            <Col md={4}>
              <Form.Group className="mb-2" controlId="set-grievance-name">
                <Form.Label>Grievance officer</Form.Label>
                <Form.Control value={privacy.grievanceName} onChange={(e) => onPrivacy({ ...privacy, grievanceName: e.target.value })} />
              </Form.Group>
            </Col>
            <Col md={4}>
              <Form.Group className="mb-2" controlId="set-grievance-email">
                <Form.Label>Grievance email</Form.Label>
                <Form.Control type="email" value={privacy.grievanceEmail} onChange={(e) => onPrivacy({ ...privacy, grievanceEmail: e.target.value })} />
              </Form.Group>
            </Col>
            <Col md={4}>
              <Form.Group className="mb-2" controlId="set-grievance-phone">
                <Form.Label>Grievance phone</Form.Label>
                <Form.Control value={privacy.grievancePhone} onChange={(e) => onPrivacy({ ...privacy, grievancePhone: e.target.value })} />
              </Form.Group>
            </Col>
            <Col md={4}>
              <NumberField
                id="set-retention"
                label="Keep unconfirmed requests (months)"
                value={privacy.retentionMonths}
                min={1}
                max={240}
                help="Older requests that never became a confirmed consultation are deleted, with their documents."
                onChange={(n) => onPrivacy({ ...privacy, retentionMonths: n })}
              />
            </Col>
          </Row>
        </Card.Body>
      </Card>
    </>
  );
}
