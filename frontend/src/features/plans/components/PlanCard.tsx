import { CheckOutlined } from '@ant-design/icons';
import { Button, Card, Tag } from 'antd';
import { isPaidPlan, type Plan } from '../lib/plans';

interface PlanCardProps {
  plan: Plan;
  selected: boolean;
  current: boolean;
  onChoose(plan: Plan): void;
}

export function PlanCard({ plan, selected, current, onChoose }: PlanCardProps) {
  const paid = isPaidPlan(plan.id);
  return (
    <Card className={selected ? 'plan-card plan-card--selected' : 'plan-card'} aria-label={plan.name}>
      <h3 className="card-title">{plan.name}</h3>
      <div className="plan-price">
        {plan.price} <span className="muted">{plan.period}</span>
      </div>
      {plan.savings && <Tag color="green">{plan.savings}</Tag>}
      <p className="muted">{plan.description}</p>
      <ul className="plan-features">
        {plan.features.map((feature) => (
          <li key={feature}>
            <CheckOutlined aria-hidden /> {feature}
          </li>
        ))}
      </ul>
      <Button block type={paid ? 'primary' : 'default'} disabled={!paid || current} onClick={() => onChoose(plan)}>
        {current ? 'Current Plan' : paid ? `Choose ${plan.name}` : 'Free'}
      </Button>
    </Card>
  );
}
